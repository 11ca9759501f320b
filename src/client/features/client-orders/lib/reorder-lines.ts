import { defaultPreparationOf, type PreparationOffer } from '@/shared/domain/preparations'
import { isValidQuantityStep } from '@/shared/domain/units'
import type { SessionUser } from '@/shared/schemas/auth'
import type { ClientOrder } from '@/shared/schemas/checkout'
import type { PublicProduct } from '@/shared/schemas/storefront'
import type { CartItem } from '@/client/lib/cart'
import { cannotAdd, minQuantityOf, toCartItem } from '@/client/lib/cart-actions'

/**
 * What 'Re-commander' puts back in the cart (docs/rules/orders.md#preparations): each line still
 * on sale at today's price, with its preparation where the product still offers it, else the
 * product's default; the lines that cannot be bought, and the preparations no longer offered, by
 * name.
 */
export function reorderLines(
  order: Pick<ClientOrder, 'items'>,
  products: readonly PublicProduct[],
  user: SessionUser | null,
) {
  const byId = new Map(products.map((p) => [p.id, p]))
  const lines: CartItem[] = []
  const missing: string[] = []
  const changed: string[] = []
  for (const item of order.items) {
    const p = byId.get(item.productId)
    const quantity = p ? Math.max(item.quantity, minQuantityOf(p)) : 0
    if (!p || cannotAdd(user, p) || !isValidQuantityStep(quantity, p.unitType)) {
      missing.push(item.productName)
      continue
    }
    const offers = p.preparations ?? []
    let offer: PreparationOffer | null = defaultPreparationOf(offers)
    if (item.preparationName) {
      const same = offers.find((o) => o.id === item.preparationId)
      if (same) offer = same
      else changed.push(`${item.productName} : « ${item.preparationName} »`)
    }
    lines.push(toCartItem(p, quantity, offer))
  }
  return { lines, missing, changed }
}
