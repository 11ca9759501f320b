import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from '@/client/lib/toast'
import type { ClientOrder } from '@/shared/schemas/checkout'
import { addLine } from '@/client/lib/cart-actions'
import { reorderLines } from './reorder-lines'
import { fetchProductsByIds, productsByIdsKey } from '@/client/lib/catalogue'
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
      // The order's products still on sale in the client's own country: only those can go in
      // its cart.
      const countryId = user?.countryId ?? null
      const ids = [...new Set(order.items.map((i) => i.productId))].sort((a, b) => a - b)
      const products = await qc.fetchQuery({
        queryKey: productsByIdsKey(countryId, ids),
        queryFn: () => fetchProductsByIds(countryId, ids),
        staleTime: 0,
      })
      const { lines, missing, changed } = reorderLines(order, products, user)
      for (const line of lines) addLine(line)
      const added = lines.length
      if (missing.length > 0)
        toast.warning(`Plus disponible(s), non ajouté(s) au panier : ${missing.join(', ')}`)
      // docs/rules/orders.md#preparations: a preparation no longer offered is said, the line kept.
      if (changed.length > 0)
        toast.warning(
          `Préparation(s) plus proposée(s), à choisir de nouveau dans le panier : ${changed.join(', ')}`,
        )
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
