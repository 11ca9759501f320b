// docs/rules.md#pricing: whole francs, each line rounded once.

/**
 * The ceilings a butcher's shop needs (docs/rules.md#limits): a unit price of at most
 * 10,000,000 F (a whole animal is far below it) and an order of at most 50,000,000 F before any
 * discount. Every amount of one order then fits the database's int4 columns; sums over orders
 * (dashboards, rollups) are bigint or float8 and a balance of points is bigint.
 */
export const MAX_UNIT_PRICE = 10_000_000
export const MAX_ORDER_AMOUNT = 50_000_000
export const ORDER_CEILING_MESSAGE = 'Le montant de la commande ne peut pas dépasser 50 000 000 F CFA.'

type PriceLine = { unitPrice: number; quantity: number }

export const lineTotal = (unitPrice: number, quantity: number) => Math.round(unitPrice * quantity)

export type OrderPrice = {
  lineTotals: number[]
  subtotal: number
  discountAmount: number
  pointsUsed: number
  pointsDiscountAmount: number
  total: number
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
): OrderPrice {
  const lineTotals = lines.map((l) => lineTotal(l.unitPrice, l.quantity))
  const subtotal = lineTotals.reduce((a, b) => a + b, 0)
  const discountAmount =
    discountPercent && discountPercent > 0 ? Math.round((subtotal * discountPercent) / 100) : 0
  const pointsUsed = Math.min(
    Math.max(0, Math.trunc(pointsToUse)),
    maxPointsFor(subtotal, discountAmount, pointValue),
  )
  const pointsDiscountAmount = pointsUsed * pointValue
  const total = Math.max(0, subtotal - discountAmount - pointsDiscountAmount)
  return { lineTotals, subtotal, discountAmount, pointsUsed, pointsDiscountAmount, total }
}

/** floor(total / 100) points, credited when the order is delivered. */
export const pointsEarnedFor = (total: number) => Math.floor(total / 100)
