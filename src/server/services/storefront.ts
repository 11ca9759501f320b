import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import { executeNamed, type Executor } from '../db/client'
import { countries, productCategories, productDailySales, productPhotos, products } from '../db/schema'
import { stockColumns, todaysSales } from './stock'
import type { StorefrontCache } from './storefront-cache'
import { sortByName } from '@/shared/format'
import type { PublicProduct } from '@/shared/schemas/storefront'

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
  stock: stockColumns,
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
    .leftJoin(productDailySales, todaysSales)
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
  const key = countryId === undefined ? read : `${read}:${countryId}`
  if (read === 'products') {
    // A miss is one statement that writes the products' JSON (catalogueText below,
    // docs/decisions/0022-cheap-cache-misses.md); a page rendered with it reads the text back.
    return cache.getText<{ products: PublicProduct[] }>(key, async () => {
      const { text, count } = await catalogueText(db, countryId)
      return { text, keep: countryId === undefined || count > 0 }
    })
  }
  return cache.get(key, () => loadFeatured(db, countryId), {
    keep: (a) => countryId === undefined || a.products.length > 0,
  })
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
      shopPhone: countries.shopPhone,
      shopWhatsapp: countries.shopWhatsapp,
    })
    .from(countries)
    .where(eq(countries.isActive, true))
  return { countries: sortByName(rows) }
}

/** A product's columns as `catalogueText` reads them: raw, the date already in ISO form. */
type CatalogueRow = {
  id: number
  name: string
  description: string | null
  imageUrl: string | null
  photoKey: string | null
  photoWidth: number | null
  photoHeight: number | null
  pricePerUnit: number
  unitType: string
  /** numeric: its text, as the driver gives it. */
  minQuantity: string | number
  categoryId: number | null
  isActive: boolean
  isFeatured: boolean
  countryId: number
  countryName: string
  /** `Date.prototype.toISOString`'s form, written by the database. */
  createdAt: string
  categoryName: string | null
  soldOut: boolean
  /** numeric: its text; null without a daily quantity. */
  left: string | number | null
}

const catalogueRows = (countryId: number | undefined) => sql`
  select p.id, p.name, p.description, p.image_url as "imageUrl", p.price_per_unit as "pricePerUnit",
    ph.key as "photoKey", ph.width as "photoWidth", ph.height as "photoHeight",
    p.unit_type as "unitType", p.min_quantity as "minQuantity", p.category_id as "categoryId",
    p.is_active as "isActive", p.is_featured as "isFeatured", p.country_id as "countryId",
    c.name as "countryName",
    to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
    pc.name as "categoryName",
    (p.out_of_stock or p.out_of_stock_on is not distinct from (now() at time zone c.time_zone)::date
      or coalesce(p.daily_quantity - coalesce(s.sold, 0) < p.min_quantity, false)) as "soldOut",
    case when p.daily_quantity is null then null else greatest(p.daily_quantity - coalesce(s.sold, 0), 0) end as "left"
  from products p
  join countries c on c.id = p.country_id
  left join product_categories pc on pc.id = p.category_id
  left join product_photos ph on ph.key = p.photo_key
  left join product_daily_sales s on s.product_id = p.id and s.day = (now() at time zone c.time_zone)::date
  where p.is_active and p.archived_at is null and c.is_active
    ${countryId === undefined ? sql`` : sql`and p.country_id = ${countryId}`}`

const str = JSON.stringify

/**
 * The catalogue's answer: `{ products }` as `answerText` writes it from `publicProducts`'
 * objects, byte for byte (the same products, in French order), written straight from the
 * rows. A cache miss costs one prepared statement and the joining of strings: no object per
 * column mapped by the ORM, no walk over them, no Date made and written back
 * (docs/decisions/0022-cheap-cache-misses.md). `tests/api/catalogue-text.test.ts` holds the
 * text to the objects' (a column added to `publicProductColumns` and not here fails it).
 */
export async function catalogueText(db: Executor, countryId?: number) {
  const rows = await executeNamed<CatalogueRow>(
    db,
    countryId === undefined ? 'etal_catalogue' : 'etal_catalogue_country',
    catalogueRows(countryId),
  )
  if (rows.length === 0) return { text: '{"json":{"products":[]}}', count: 0 }
  // French order ('Côte' before 'Cuisse'), which the database's C collation does not give.
  rows.sort((a, b) => frenchOrder.compare(a.name, b.name) || a.id - b.id)
  let text = '{"json":{"products":['
  // superjson's annotations: each product's createdAt is a Date.
  let meta = ''
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!
    const category =
      r.categoryId != null && r.categoryName != null
        ? `{"id":${r.categoryId},"name":${str(r.categoryName)}}`
        : 'null'
    const photo =
      r.photoKey == null
        ? 'null'
        : `{"key":${str(r.photoKey)},"width":${r.photoWidth},"height":${r.photoHeight}}`
    text +=
      `${i ? ',' : ''}{"id":${r.id},"name":${str(r.name)},"description":${str(r.description)},` +
      `"imageUrl":${str(r.imageUrl)},"photo":${photo},"pricePerUnit":${r.pricePerUnit},"unitType":${str(r.unitType)},` +
      `"minQuantity":${Number(r.minQuantity)},"categoryId":${r.categoryId},"isActive":${r.isActive},` +
      `"isFeatured":${r.isFeatured},"countryId":${r.countryId},"countryName":${str(r.countryName)},` +
      `"createdAt":"${r.createdAt}","stock":{"soldOut":${r.soldOut},"left":${r.left == null ? 'null' : Number(r.left)}},` +
      `"category":${category}}`
    meta += `${i ? ',' : ''}"products.${i}.createdAt":["Date"]`
  }
  return { text: `${text}]},"meta":{"values":{${meta}},"v":1}}`, count: rows.length }
}
