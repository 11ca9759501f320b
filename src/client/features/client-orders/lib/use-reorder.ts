import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { isValidQuantityStep } from '@/shared/domain/units'
import type { ClientOrder } from '@/shared/schemas/checkout'
import { addLine, cannotAdd, minQuantityOf, toCartItem } from '@/client/lib/cart-actions'
import { fetchProducts, productsKey } from '@/client/lib/catalogue'
import { useSession } from '@/client/lib/session'

/**
 * 'Re-commander': the lines that can still be bought
 * go into the cart at today's price, a toast names those that cannot, then /cart.
 */
export function useReorder() {
  const qc = useQueryClient()
  const { user } = useSession()
  const navigate = useNavigate()
  const [pending, setPending] = useState<number | null>(null)

  const reorder = async (order: ClientOrder) => {
    setPending(order.id)
    try {
      // The client's own country's catalogue: only those products can go in its cart.
      const countryId = user?.countryId ?? null
      const products = await qc.fetchQuery({
        queryKey: productsKey(countryId),
        queryFn: () => fetchProducts(countryId),
        staleTime: 0,
      })
      const byId = new Map(products.map((p) => [p.id, p]))
      const missing: string[] = []
      let added = 0
      for (const item of order.items) {
        const p = byId.get(item.productId)
        const quantity = p ? Math.max(item.quantity, minQuantityOf(p)) : 0
        if (!p || cannotAdd(user, p) || !isValidQuantityStep(quantity, p.unitType)) {
          missing.push(item.productName)
          continue
        }
        addLine(toCartItem(p, quantity))
        added += 1
      }
      if (missing.length > 0)
        toast.warning(`Plus disponible(s), non ajouté(s) au panier : ${missing.join(', ')}`)
      if (added > 0) {
        toast.success(`${added} produit(s) de la commande #${order.id} ajouté(s) au panier`)
        navigate('/cart')
      }
    } catch (e) {
      toast.error(e instanceof Error && e.message ? e.message : 'Une erreur inconnue est survenue.')
    } finally {
      setPending(null)
    }
  }
  return { reorder, pending }
}
