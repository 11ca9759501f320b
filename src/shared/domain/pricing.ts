// docs/rules/money.md#pricing: whole francs, each line rounded once.

/**
 * The ceilings a butcher's shop needs (docs/rules/api.md#limits): a unit price of at most
 * 10,000,000 F (a whole animal is far below it) and an order of at most 50,000,000 F before any
 * discount. Every amount of one order then fits the database's int4 columns; sums over orders
 * (dashboards, rollups) are bigint or float8 and a balance of points is bigint.
 */
export const MAX_UNIT_PRICE = 10_000_000
export const MAX_ORDER_AMOUNT = 50_000_000
/** A zone's delivery fee, minimum order and free-delivery threshold stay below these. */
export const MAX_DELIVERY_FEE = 1_000_000
export const ORDER_CEILING_MESSAGE = 'Le montant de la commande ne peut pas dépasser 50 000 000 F CFA.'

type PriceLine = { unitPrice: number; quantity: number }

export const lineTotal = (unitPrice: number, quantity: number) => Math.round(unitPrice * quantity)

/**
 * What one unit (a kg, a piece) of a line costs: the meat's price and its preparation's, which is
 * per unit of the product (docs/rules/orders.md#preparations, decision 0051). Discounted and
 * weighed with the meat, since the line is priced on this unit price.
 */
export const unitPriceWith = (pricePerUnit: number, preparationPrice = 0) => pricePerUnit + preparationPrice

/**
 * A zone's delivery terms, as the order keeps them (docs/rules/delivery.md#delivery-fees): the fee, and the
 * subtotal from which delivery is free (none: never free). An order is priced again with the terms
 * it was placed with, whatever the zone says later.
 */
export type DeliveryTerms = { fee: number; freeFrom: number | null }

export const NO_DELIVERY_FEE: DeliveryTerms = { fee: 0, freeFrom: null }

/** A zone's terms (or an order's copy of them) as `priceOrder` takes them. */
export const deliveryTermsOf = (z: {
  deliveryFee: number
  freeDeliveryFrom: number | null
}): DeliveryTerms => ({
  fee: z.deliveryFee,
  freeFrom: z.freeDeliveryFrom,
})

export type OrderPrice = {
  lineTotals: number[]
  subtotal: number
  discountAmount: number
  /** The coupon's discount on the goods (docs/rules/commerce.md#coupons), 0 without one. */
  couponDiscount: number
  pointsUsed: number
  pointsDiscountAmount: number
  deliveryFee: number
  total: number
}

/** The refusal of a subtotal below the zone's minimum, the same on the cart and the server. */
export const minimumOrderMessage = (zoneName: string, minimum: string) =>
  `La commande minimum pour la zone « ${zoneName} » est de ${minimum}.`

/** The fee an order of this subtotal pays: nothing from the zone's free-delivery threshold on. */
export function deliveryFeeFor(subtotal: number, terms: DeliveryTerms): number {
  if (terms.fee <= 0) return 0
  if (terms.freeFrom != null && subtotal >= terms.freeFrom) return 0
  return terms.fee
}

/** The most points an order of this subtotal and discount can take. */
export function maxPointsFor(subtotal: number, discountAmount: number, pointValue: number): number {
  if (pointValue <= 0) return 0
  return Math.floor(Math.max(0, subtotal - discountAmount) / pointValue)
}

export function priceOrder(
  lines: readonly PriceLine[],
  discountPercent: number | null,
  pointsToUse = 0,
  pointValue = 1,
  delivery: DeliveryTerms = NO_DELIVERY_FEE,
  // docs/rules/commerce.md#coupons: the coupon's discount as decided, never more than the goods left.
  coupon = 0,
): OrderPrice {
  const lineTotals = lines.map((l) => lineTotal(l.unitPrice, l.quantity))
  const subtotal = lineTotals.reduce((a, b) => a + b, 0)
  const discountAmount =
    discountPercent && discountPercent > 0 ? Math.round((subtotal * discountPercent) / 100) : 0
  const couponDiscount = Math.max(0, Math.min(Math.trunc(coupon), subtotal - discountAmount))
  const pointsUsed = Math.min(
    Math.max(0, Math.trunc(pointsToUse)),
    maxPointsFor(subtotal, discountAmount + couponDiscount, pointValue),
  )
  const pointsDiscountAmount = pointsUsed * pointValue
  // The discount, the coupon and the points pay for the meat, never for the delivery.
  const deliveryFee = deliveryFeeFor(subtotal, delivery)
  const total = Math.max(0, subtotal - discountAmount - couponDiscount - pointsDiscountAmount) + deliveryFee
  return {
    lineTotals,
    subtotal,
    discountAmount,
    couponDiscount,
    pointsUsed,
    pointsDiscountAmount,
    deliveryFee,
    total,
  }
}

/** floor(total / 100) points (the delivery fee included), credited when the order is delivered. */
export const pointsEarnedFor = (total: number) => Math.floor(total / 100)
