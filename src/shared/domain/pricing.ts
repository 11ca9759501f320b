// DECISIONS.md "Money and pricing": whole francs, each line rounded once.
export type PriceLine = { unitPrice: number; quantity: number }

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
  const discountAmount = discountPercent && discountPercent > 0 ? Math.round((subtotal * discountPercent) / 100) : 0
  const pointsUsed = Math.min(Math.max(0, Math.trunc(pointsToUse)), maxPointsFor(subtotal, discountAmount, pointValue))
  const pointsDiscountAmount = pointsUsed * pointValue
  const total = Math.max(0, subtotal - discountAmount - pointsDiscountAmount)
  return { lineTotals, subtotal, discountAmount, pointsUsed, pointsDiscountAmount, total }
}

/** floor(total / 100) points, credited when the order is delivered. */
export const pointsEarnedFor = (total: number) => Math.floor(total / 100)
