import { id } from './common'
import { z } from './zod'

/** GET /_api/cities: every active city, or one country's. */
export const citiesQuery = z.strictObject({
  countryId: id('Identifiant de pays invalide.').optional(),
})
export type CitiesQuery = z.input<typeof citiesQuery>

/** GET /_api/zones/by-city: cityId is required (SPEC §5). */
export const zonesByCityQuery = z.strictObject({
  cityId: id("L'ID de la ville est requis."),
})
export type ZonesByCityQuery = z.input<typeof zonesByCityQuery>
