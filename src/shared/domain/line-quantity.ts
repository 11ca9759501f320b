import { isValidQuantityStep, MAX_LINE_QUANTITY, quantityStep, type UnitType } from './units'

/**
 * A cart line's quantity, by one rule for the browser's cart, the steppers and the server's forms
 * (docs/rules/catalogue.md#before-the-script): on the unit's step (0.5 kg, 1 piece), at least the
 * product's minimum and one step, at most today's stock when it is counted and 1 000.
 */
export type Measured = {
  unitType: UnitType
  minQuantity?: number
  /** Today's stock, when the product's is known here (the cart's lines do not carry it). */
  stock?: { left: number | null }
}

/** The least a line holds: the product's minimum, never under one step. */
export const leastQuantity = (p: Measured) => Math.max(p.minQuantity ?? 0, quantityStep(p.unitType))

/** The most a line holds: today's stock when counted, never past 1 000. */
export const mostQuantity = (p: Measured) => Math.min(MAX_LINE_QUANTITY, p.stock?.left ?? MAX_LINE_QUANTITY)

/**
 * What a quantity asked for a line comes to: `'remove'` under the least (0 included: a step down
 * from the least takes the line out), `'invalid'` off the step, past the most or not a number,
 * else the quantity itself.
 */
export function lineQuantity(quantity: number, p: Measured): number | 'remove' | 'invalid' {
  if (!Number.isFinite(quantity) || quantity < 0) return 'invalid'
  if (quantity < leastQuantity(p) - 1e-9) return 'remove'
  if (!isValidQuantityStep(quantity, p.unitType) || quantity > mostQuantity(p) + 1e-9) return 'invalid'
  return quantity
}

/** The quantity one step up or down from `quantity`; null where the stepper stops (its button is off). */
export function steppedQuantity(quantity: number, direction: 'up' | 'down', p: Measured): number | null {
  const next = quantity + (direction === 'up' ? 1 : -1) * quantityStep(p.unitType)
  if (direction === 'up') return next > mostQuantity(p) + 1e-9 ? null : next
  return next < leastQuantity(p) - 1e-9 ? null : next
}
