import type { OrderStatus } from './order-status'
import { deliveryTermsOf, priceOrder, type OrderPrice } from './pricing'
import { MAX_LINE_QUANTITY, type UnitType } from './units'

// The weigh-in (docs/rules/orders.md#weigh-in, decision 0024): a kg line is an estimate until the
// butcher weighs it; the order is then priced again by the rule it was placed with.

/** The most a client writes of what it wants instead of a refused weighed total. */
export const WEIGH_WISH_MAX = 300

/** What an order's history records: its creation, and every change of status, payment, driver, weight, total or agreement. */
export const orderEventTypes = [
  'created',
  'status',
  'driver',
  'payment',
  'weighing',
  'total',
  'approval',
] as const

/** Whether a weighed total waits for the client: awaiting, accepted (on the site or by phone), refused. */
export const weighApprovals = ['awaiting', 'accepted', 'refused'] as const
export type WeighApproval = (typeof weighApprovals)[number]

/** The tolerance until root sets another, in whole percent of the ordered total. */
export const DEFAULT_WEIGH_TOLERANCE_PERCENT = 10
export const MAX_WEIGH_TOLERANCE_PERCENT = 50
/** A weight is written to the gram: 3 decimals of a kilo, as `order_items.weighed_quantity` keeps it. */
export const MAX_WEIGHED_QUANTITY = MAX_LINE_QUANTITY

type WeighedLine = { unitPrice: number; quantity: number; weighedQuantity: number | null }

/** The quantity a line is priced on: its weight once weighed, else what was ordered. */
export const pricedQuantity = (l: { quantity: number; weighedQuantity: number | null }) =>
  l.weighedQuantity ?? l.quantity

type PricingTerms = {
  discountPercent: number | null
  pointsUsed: number
  pointValue: number
  deliveryFee: number
  freeDeliveryFrom: number | null
  /** docs/rules/commerce.md#coupons: the coupon's discount given at checkout, kept (at most the goods). */
  couponDiscount?: number
}

/**
 * The order priced again on its weighed lines, with what it was placed with: the discount
 * percent, the points (at most the new maximum), the point value and the delivery terms.
 */
export function repriceWeighed(order: PricingTerms, lines: readonly WeighedLine[]): OrderPrice {
  return priceOrder(
    lines.map((l) => ({ unitPrice: l.unitPrice, quantity: pricedQuantity(l) })),
    order.discountPercent,
    order.pointsUsed,
    order.pointValue,
    deliveryTermsOf(order),
    order.couponDiscount ?? 0,
  )
}

/** Does the weighed total move further from the ordered one than the tolerance allows? */
export function beyondTolerance(orderedTotal: number, newTotal: number, tolerancePercent: number): boolean {
  return Math.abs(newTotal - orderedTotal) * 100 > orderedTotal * tolerancePercent
}

type GateOrder = {
  status: OrderStatus
  weighApproval: WeighApproval | null
  items: readonly { unitType: UnitType; productName: string; weighedQuantity: number | null }[]
}

/**
 * Why the order may not go to in_delivery or delivered yet, in French, or null. An order already
 * in delivery or delivered passed this gate on its way there (or predates the weigh-in).
 */
export function deliveryBlocker(order: GateOrder, to: OrderStatus): string | null {
  if (to !== 'in_delivery' && to !== 'delivered') return null
  if (order.status === 'in_delivery' || order.status === 'delivered') return null
  const unweighed = order.items.filter((i) => i.unitType === 'kg' && i.weighedQuantity == null)
  if (unweighed.length > 0) {
    const names = unweighed.map((i) => i.productName).join(', ')
    return `Pesée manquante (${names}) : pesez chaque article vendu au kilo avant la livraison.`
  }
  if (order.weighApproval === 'awaiting')
    return 'Le montant pesé dépasse la tolérance : il attend l’accord du client.'
  if (order.weighApproval === 'refused')
    return 'Le client a refusé le montant pesé : pesez à nouveau ou annulez la commande.'
  return null
}
