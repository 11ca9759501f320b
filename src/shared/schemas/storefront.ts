import { unitTypes } from '../domain/units'
import { id } from './common'
import { z } from './zod'

/** GET /_api/cities: every active city, or one country's. */
export const citiesQuery = z.strictObject({
  countryId: id('Identifiant de pays invalide.').optional(),
})
export type CitiesQuery = z.input<typeof citiesQuery>

/**
 * GET /_api/products and /_api/featured: every country's products, or one country's (the
 * signed-in client's, or the one a visitor chose: docs/rules.md#catalogue).
 */
export const catalogueQuery = z.strictObject({
  countryId: id('Identifiant de pays invalide.').optional(),
})

/** GET /_api/zones/by-city: cityId is required. */
export const zonesByCityQuery = z.strictObject({
  cityId: id("L'ID de la ville est requis."),
})

const named = z.strictObject({ id: z.number(), name: z.string() })

/** An uploaded photo: its key and its largest width's size (src/shared/photos.ts gives the URLs). */
export const productPhoto = z.strictObject({ key: z.string(), width: z.number(), height: z.number() })

/** A product as GET /_api/featured and /_api/products answer it. */
export const publicProduct = z.strictObject({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** Shown rather than imageUrl when set (docs/rules.md#photos). */
  photo: productPhoto.nullable(),
  pricePerUnit: z.number(),
  unitType: z.enum(unitTypes),
  minQuantity: z.number(),
  categoryId: z.number().nullable(),
  category: named.nullable(),
  isActive: z.boolean(),
  isFeatured: z.boolean(),
  countryId: z.number(),
  countryName: z.string(),
  createdAt: z.date(),
  /** Today's stock in the product's country (docs/rules.md#stock). */
  stock: z.strictObject({ soldOut: z.boolean(), left: z.number().nullable() }),
})
export type PublicProduct = z.infer<typeof publicProduct>
export const productsAnswer = z.strictObject({ products: z.array(publicProduct) })
export const categoriesAnswer = z.strictObject({ categories: z.array(named) })

const publicCity = z.strictObject({
  id: z.number(),
  name: z.string(),
  isActive: z.boolean(),
  createdAt: z.date(),
  country: named,
  /** At least one active zone: the checkout offers only these (docs/rules.md "Places"). */
  deliverable: z.boolean(),
})
export const citiesAnswer = z.strictObject({ cities: z.array(publicCity) })

const publicZone = z.strictObject({
  id: z.number(),
  name: z.string(),
  isActive: z.boolean(),
  cityId: z.number(),
  /** The zone's delivery terms, so the cart shows the fee before ordering (docs/rules.md#delivery-fees). */
  deliveryFee: z.number(),
  minOrderAmount: z.number().nullable(),
  freeDeliveryFrom: z.number().nullable(),
  city: z.strictObject({ name: z.string(), country: z.strictObject({ name: z.string() }) }),
})
export const zonesAnswer = z.strictObject({ zones: z.array(publicZone) })
