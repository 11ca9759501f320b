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

/** A product as GET /_api/featured and /_api/products answer it (SPEC §3). */
export type PublicProduct = {
  id: number
  name: string
  description: string | null
  imageUrl: string | null
  pricePerUnit: number
  unitType: 'kg' | 'unit'
  minQuantity: number
  categoryId: number | null
  category: { id: number; name: string } | null
  isActive: boolean
  isFeatured: boolean
  countryId: number
  countryName: string
  createdAt: Date
}

export type PublicCity = { id: number; name: string; isActive: boolean; createdAt: Date; country: { id: number; name: string } }
export type PublicZone = { id: number; name: string; isActive: boolean; cityId: number; city: { name: string; country: { name: string } } }
