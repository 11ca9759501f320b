import { and, desc, eq, isNull } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { countries, productCategories, productPhotos, products } from '../db/schema'
import type { StorefrontCache } from './storefront-cache'

/** A product as the storefront shows it (`publicProduct`, src/shared/schemas/storefront.ts). */
const publicProductColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  imageUrl: products.imageUrl,
  photo: { key: productPhotos.key, width: productPhotos.width, height: productPhotos.height },
  pricePerUnit: products.pricePerUnit,
  unitType: products.unitType,
  minQuantity: products.minQuantity,
  categoryId: products.categoryId,
  isActive: products.isActive,
  isFeatured: products.isFeatured,
  countryId: products.countryId,
  countryName: countries.name,
  createdAt: products.createdAt,
  categoryName: productCategories.name,
}

/**
 * Active products, not archived, of an active country: what a visitor may see; of one country
 * only with `countryId` (docs/rules.md#catalogue), none for a country unknown or inactive.
 */
export function publicProducts(db: Executor, countryId?: number) {
  return db
    .select(publicProductColumns)
    .from(products)
    .innerJoin(countries, eq(countries.id, products.countryId))
    .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
    .leftJoin(productPhotos, eq(productPhotos.key, products.photoKey))
    .where(
      and(
        eq(products.isActive, true),
        isNull(products.archivedAt),
        eq(countries.isActive, true),
        countryId === undefined ? undefined : eq(products.countryId, countryId),
      ),
    )
    .$dynamic()
}

/** The category as an object ({ id, name } or null). */
export function toPublicProduct<T extends { categoryId: number | null; categoryName: string | null }>({
  categoryName,
  ...row
}: T) {
  return {
    ...row,
    category:
      row.categoryId != null && categoryName != null ? { id: row.categoryId, name: categoryName } : null,
  }
}

const frenchOrder = new Intl.Collator('fr')
const FEATURED_COUNT = 8

/** The catalogue: one country's active products (`countryId`), or every country's, in French order. */
async function loadProducts(db: Executor, countryId: number | undefined) {
  const rows = await publicProducts(db, countryId)
  // French order ('Côte' before 'Cuisse'), which the database's C collation does not give.
  rows.sort((a, b) => frenchOrder.compare(a.name, b.name) || a.id - b.id)
  return { products: rows.map(toPublicProduct) }
}

/** The home page's products: the featured ones, then the newest active ones (8 at most). */
async function loadFeatured(db: Executor, countryId: number | undefined) {
  // Featured first, then the newest: one query fills the 8 places.
  const rows = await publicProducts(db, countryId)
    .orderBy(desc(products.isFeatured), desc(products.createdAt), desc(products.id))
    .limit(FEATURED_COUNT)
  return { products: rows.map(toPublicProduct) }
}

/**
 * `GET /_api/products` or `/_api/featured`'s answer, whole or of one country, from the storefront
 * cache (services/storefront-cache.ts): serialized once, the same for every visitor of one
 * country, and the data the server renders / and /products with (http/first-pages.ts). A
 * country's answer is kept only when it has products, so that made-up ids do not fill the cache.
 */
export function storefrontAnswer(
  cache: StorefrontCache,
  db: Executor,
  read: 'products' | 'featured',
  countryId: number | undefined,
) {
  return cache.get(
    countryId === undefined ? read : `${read}:${countryId}`,
    () => (read === 'products' ? loadProducts(db, countryId) : loadFeatured(db, countryId)),
    { keep: (a) => countryId === undefined || a.products.length > 0 },
  )
}

/** The active countries with their dial codes, in French order ('Bénin' before 'Burkina Faso'). */
export async function activeCountries(db: Executor) {
  const rows = await db
    .select({
      id: countries.id,
      name: countries.name,
      code: countries.code,
      dialCode: countries.dialCode,
      currency: countries.currency,
    })
    .from(countries)
    .where(eq(countries.isActive, true))
  return { countries: rows.sort((a, b) => frenchOrder.compare(a.name, b.name)) }
}
