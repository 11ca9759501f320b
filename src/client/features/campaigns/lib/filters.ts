import { compareFrench } from '@/shared/format'
import type { AnimalView } from '@/shared/schemas/campaigns'

// The campaign page's filters (docs/rules/campaigns-client.md#the-pages): a top price, a breed, a
// least weight; the taken animals last.

export type AnimalFilters = { maxPrice: number | null; breed: string; minWeight: number | null }

export const noFilters: AnimalFilters = { maxPrice: null, breed: '', minWeight: null }

export const breedsOf = (animals: readonly AnimalView[]) =>
  [...new Set(animals.map((a) => a.breed))].sort(compareFrench)

export function filterAnimals(animals: readonly AnimalView[], f: AnimalFilters) {
  return animals
    .filter(
      (a) =>
        (f.maxPrice === null || a.price <= f.maxPrice) &&
        (f.breed === '' || a.breed === f.breed) &&
        (f.minWeight === null || a.weightKg >= f.minWeight),
    )
    .sort((a, b) => Number(a.status !== 'available') - Number(b.status !== 'available') || a.price - b.price)
}

/** A number typed in a filter: null when empty or not a number. */
export const typedNumber = (s: string) => {
  const n = Number(s.replace(/[\s\u202f\u00a0]/g, ''))
  return s.trim() === '' || !Number.isFinite(n) ? null : n
}
