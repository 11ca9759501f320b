import { compareFrench, formatMoney } from '../format'

// docs/rules/delivery.md#fees-before-the-cart: the delivery terms said before the cart, in one line.

export type ZoneTerms = {
  cityName: string
  deliveryFee: number
  minOrderAmount: number | null
  freeDeliveryFrom: number | null
}

const distinct = (xs: number[]) => [...new Set(xs)].sort((a, b) => a - b)

/** One amount when all zones agree, else "dès" the lowest (the range starts there). */
function amount(xs: number[]) {
  const values = distinct(xs)
  return values.length === 1 ? formatMoney(values[0]!) : `dès ${formatMoney(values[0]!)}`
}

/**
 * "Livraison à Dakar : 1 000 F CFA, offerte dès 25 000 F CFA": the fee, the free-delivery
 * threshold and the minimum of the country's active zones. The place is the city, or the cities
 * (three at most), else the country in brackets. Where zones differ, the line says the lowest with "dès"
 * (and "selon la zone" when some zones have no threshold or minimum). Null without a zone.
 */
export function deliveryTermsLine(zones: readonly ZoneTerms[], countryName: string): string | null {
  if (zones.length === 0) return null
  const cities = [...new Set(zones.map((z) => z.cityName))].sort(compareFrench)
  // "à Dakar", but no preposition fits every country ("au Sénégal", "en Guinée"): it goes in brackets.
  const place = cities.length <= 3 ? `à ${cities.join(', ')}` : `(${countryName})`
  const fees = zones.map((z) => z.deliveryFee)
  const feeValues = distinct(fees)
  // "dès 0 F CFA" says nothing: where some zones deliver free, the line gives the range.
  const fee =
    feeValues.length === 1 && feeValues[0] === 0
      ? 'offerte'
      : feeValues[0] === 0
        ? `de 0 à ${formatMoney(feeValues[feeValues.length - 1]!)}`
        : amount(fees)
  let line = `Livraison ${place} : ${fee}`
  const free = zones.flatMap((z) => (z.freeDeliveryFrom == null ? [] : [z.freeDeliveryFrom]))
  if (free.length > 0 && fees.some((f) => f > 0))
    line += `, offerte ${amount(free).startsWith('dès') ? amount(free) : `dès ${amount(free)}`}${free.length < zones.length ? ' selon la zone' : ''}`
  const minimums = zones.flatMap((z) => (z.minOrderAmount == null ? [] : [z.minOrderAmount]))
  if (minimums.length > 0)
    line += ` · commande minimum ${amount(minimums)}${minimums.length < zones.length ? ' selon la zone' : ''}`
  return line
}
