import { unitTypes } from '../domain/units'
import { MAX_PRODUCT_IDS, type CatalogueCursor } from '../catalogue-pages'
import { id, INT4_MAX, oneLine } from './common'
import { z } from './zod'

/** GET /_api/cities: every active city, or one country's. */
export const citiesQuery = z.strictObject({
  countryId: id('Identifiant de pays invalide.').optional(),
})
export type CitiesQuery = z.input<typeof citiesQuery>

/**
 * GET /_api/featured: every country's products, or one country's (the signed-in client's, or
 * the one a visitor chose: docs/rules/catalogue.md#catalogue).
 */
export const catalogueQuery = z.strictObject({
  countryId: id('Identifiant de pays invalide.').optional(),
})

const CURSOR_MESSAGE = 'Curseur de pagination invalide.'
/** A cursor as `writeCursor` (src/shared/catalogue-pages.ts) writes it. */
const cursor = z
  .string()
  .max(700, CURSOR_MESSAGE)
  .regex(/^[1-9]\d{0,9}~\P{Cc}*$/u, CURSOR_MESSAGE)
  .transform((text, ctx): CatalogueCursor => {
    const at = text.indexOf('~')
    const productId = Number(text.slice(0, at))
    if (productId > INT4_MAX) ctx.addIssue({ code: 'custom', message: CURSOR_MESSAGE })
    return { id: productId, fold: text.slice(at + 1) }
  })

const IDS_MESSAGE = 'Liste de produits invalide.'
/** `1,2,3`: products by id (the cart's, an order's), at most MAX_PRODUCT_IDS. */
const productIds = z
  .string()
  .regex(new RegExp(`^[1-9]\\d{0,9}(,[1-9]\\d{0,9}){0,${MAX_PRODUCT_IDS - 1}}$`), IDS_MESSAGE)
  .transform((text, ctx) => {
    const ids = [...new Set(text.split(',').map(Number))]
    if (ids.some((n) => n > INT4_MAX)) ctx.addIssue({ code: 'custom', message: IDS_MESSAGE })
    return ids
  })

/**
 * GET /_api/products: one page of the catalogue (docs/rules/catalogue.md#catalogue), of one country or
 * every one, of one category or all, names matching `search` (folded, docs/rules/catalogue.md#search), from
 * `cursor` (the previous page's `nextCursor`); or, with `ids`, those products only (the cart's).
 */
export const productsQuery = z.strictObject({
  countryId: id('Identifiant de pays invalide.').optional(),
  categoryId: id('Identifiant de catégorie invalide.').optional(),
  search: oneLine(z.string().trim().max(100, 'La recherche ne peut pas dépasser 100 caractères.')).optional(),
  cursor: cursor.optional(),
  ids: productIds.optional(),
})
export type ProductsQuery = z.input<typeof productsQuery>

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
  /** Shown rather than imageUrl when set (docs/rules/catalogue.md#photos). */
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
  /** Today's stock in the product's country (docs/rules/catalogue.md#stock). */
  stock: z.strictObject({ soldOut: z.boolean(), left: z.number().nullable() }),
  /** Where the meat comes from, halal, the day of slaughter (docs/rules/catalogue.md#provenance). */
  origin: z.string().nullable(),
  halal: z.boolean(),
  /** 'YYYY-MM-DD', or null. */
  slaughterDay: z.string().nullable(),
  /**
   * The preparations the client may pick (docs/rules/catalogue.md#preparations), the default
   * first: each free (0) or its price per unit of the product.
   */
  preparations: z.array(
    z.strictObject({ id: z.number(), name: z.string(), price: z.number(), isDefault: z.boolean() }),
  ),
})
export type PublicProduct = z.infer<typeof publicProduct>
export const productsAnswer = z.strictObject({ products: z.array(publicProduct) })
/** A page of GET /_api/products. */
export const productsPage = z.strictObject({
  products: z.array(publicProduct),
  /** Where the next page starts (its `cursor`); null on the last page, and for `ids`. */
  nextCursor: z.string().nullable(),
  /**
   * On the first page of a country's whole catalogue (no cursor, category, search nor ids): the
   * categories it has products in, by name: the page's category buttons.
   */
  categories: z.array(named).optional(),
})
export type ProductsPage = z.infer<typeof productsPage>
/** What / (the featured products) or /products (the catalogue's first page) is rendered with. */
export type FirstPageAnswer = { products: PublicProduct[] } & Partial<Omit<ProductsPage, 'products'>>
export const categoriesAnswer = z.strictObject({ categories: z.array(named) })

const publicCity = z.strictObject({
  id: z.number(),
  name: z.string(),
  isActive: z.boolean(),
  createdAt: z.date(),
  country: named,
  /** At least one active zone: the checkout offers only these (docs/rules/delivery.md#places). */
  deliverable: z.boolean(),
})
export const citiesAnswer = z.strictObject({ cities: z.array(publicCity) })

const publicZone = z.strictObject({
  id: z.number(),
  name: z.string(),
  isActive: z.boolean(),
  cityId: z.number(),
  /** The zone's delivery terms, so the cart shows the fee before ordering (docs/rules/delivery.md#delivery-fees). */
  deliveryFee: z.number(),
  minOrderAmount: z.number().nullable(),
  freeDeliveryFrom: z.number().nullable(),
  city: z.strictObject({ name: z.string(), country: z.strictObject({ name: z.string() }) }),
})
export const zonesAnswer = z.strictObject({ zones: z.array(publicZone) })

/** GET /_api/delivery-terms?countryId: what delivery costs in a country, said before the cart. */
export const deliveryTermsQuery = z.strictObject({
  countryId: id('L’ID du pays est requis.'),
})
/**
 * docs/rules/delivery.md#fees-before-the-cart: the terms of each active zone of the country (by its
 * city) and the shop's weigh-in tolerance (docs/rules/orders.md#weigh-in), which the cart states.
 */
export const deliveryTermsAnswer = z.strictObject({
  countryName: z.string(),
  zones: z.array(
    z.strictObject({
      cityName: z.string(),
      deliveryFee: z.number(),
      minOrderAmount: z.number().nullable(),
      freeDeliveryFrom: z.number().nullable(),
    }),
  ),
  weighTolerancePercent: z.number(),
})
export type DeliveryTermsAnswer = z.infer<typeof deliveryTermsAnswer>
