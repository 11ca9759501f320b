export const unitTypes = ['kg', 'unit'] as const
export type UnitType = (typeof unitTypes)[number]

/** kg lines step by 0.5, unit lines by 1 (docs/rules/money.md#pricing). */
export const quantityStep = (unitType: UnitType) => (unitType === 'kg' ? 0.5 : 1)

/**
 * Exactly on the unit's step: every multiple of 0.5 is exact in binary, so no tolerance is
 * needed, and none is given (0.5000000001 kg is refused, docs/security/outside-attack.md item 9).
 */
export function isValidQuantityStep(quantity: number, unitType: UnitType): boolean {
  return Number.isFinite(quantity) && Number.isInteger(quantity / quantityStep(unitType))
}

export const MAX_LINE_QUANTITY = 1000
