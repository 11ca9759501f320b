export const unitTypes = ['kg', 'unit'] as const
export type UnitType = (typeof unitTypes)[number]

/** kg lines step by 0.5, unit lines by 1 (docs/rules.md#pricing). */
export const quantityStep = (unitType: UnitType) => (unitType === 'kg' ? 0.5 : 1)

export function isValidQuantityStep(quantity: number, unitType: UnitType): boolean {
  const step = quantityStep(unitType)
  return Number.isFinite(quantity) && Math.abs(quantity / step - Math.round(quantity / step)) < 1e-9
}

export const MAX_LINE_QUANTITY = 1000
