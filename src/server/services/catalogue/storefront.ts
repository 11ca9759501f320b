import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { PreparationOffer } from '@/shared/domain/preparations'
import { offersOf } from './preparation-offers'
import { executeNamed, type Executor } from '@/server/db/client'
import { countries, productCategories, productDailySales, productPhotos, products } from '@/server/db/schema'
import { containsFolded } from '@/server/db/queries'
import { activeCountry } from '@/server/services/delivery/places'
import { stockColumns, todaysSales } from './stock'
import type { StorefrontCache } from './storefront-cache'
import { sortByName } from '@/shared/format'
import { PRODUCTS_PAGE_SIZE, writeCursor } from '@/shared/catalogue-pages'
import type { productsQuery, ProductsPage } from '@/shared/schemas/storefront'
import type { z } from '@/shared/schemas/zod'

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
  origin: products.origin,
  halal: products.halal,
  slaughterDay: products.slaughterDay,
  /** docs/rules/catalogue.md#preparations: what the client may pick, the default first. */
  preparations: sql<PreparationOffer[]>`${offersOf(sql`${products.id}`)}`,
}

/**
 * Active products, not archived, of an active country: what a visitor may see; of one country
 * only with `countryId` (docs/rules/catalogue.md#catalogue), none for a country unknown or inactive.
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
        activeCountry(),
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
 * `GET /_api/featured`'s answer, whole or of one country, from the storefront cache
 * (services/catalogue/storefront-cache.ts): serialized once, the same for every visitor of one country, and
 * the data the server renders / with (web/first-pages.ts). A country's answer is kept only when
 * it has products, so that made-up ids do not fill the cache.
 */
export function storefrontAnswer(
  cache: StorefrontCache,
  db: Executor,
  read: 'featured',
  countryId: number | undefined,
) {
  const key = countryId === undefined ? read : `${read}:${countryId}`
  return cache.get(key, () => loadFeatured(db, countryId), {
    keep: (a) => countryId === undefined || a.products.length > 0,
  })
}

/** What `GET /_api/products` was asked: `productsQuery`'s output. */
export type CatalogueRead = z.output<typeof productsQuery>

/**
 * A page of `GET /_api/products` (docs/rules/catalogue.md#catalogue), through the storefront cache: its key
 * holds every parameter of the page. The first page of a listing (a country or every one, a
 * category or all; no cursor, search nor ids) is kept while it has products: that is what every
 * visit opens with, and what the server renders /products with (http/first-pages.ts); the keys
 * are bounded by the countries and categories that hold products. A later page, a search and a
 * read by ids are keyed all the same, so that a burst of one read costs one statement, but not
 * kept: their parameters are the caller's to invent (any cursor, any text), and each is one
 * indexed statement of a page (docs/decisions/0045).
 */
export function catalogueAnswer(cache: StorefrontCache, db: Executor, read: CatalogueRead) {
  const search = read.search || undefined
  const first = !read.cursor && !read.ids && !search
  const key = [
    'products',
    read.countryId ?? 'all',
    read.categoryId ?? 'all',
    read.ids?.join(',') ?? '',
    read.cursor ? writeCursor(read.cursor) : '',
    search ?? '',
  ].join('\u0000')
  return cache.getText<ProductsPage>(key, async () => {
    const { text, count } = await catalogueText(db, { ...read, search })
    return { text, keep: first && (read.countryId === undefined || count > 0) }
  })
}

/** The most product pages /sitemap.xml lists: a sitemap holds 50,000 addresses at most. */
export const SITEMAP_PRODUCTS = 49_000

/**
 * The products on sale (active, not archived, of an active country), by id: the pages
 * /sitemap.xml lists (docs/rules/catalogue.md#product-page), kept in the storefront cache, which a
 * product write empties.
 */
export function sitemapProducts(cache: StorefrontCache, db: Executor) {
  return cache.get('sitemap-products', async () => ({
    products: await db
      .select({ id: products.id, name: products.name })
      .from(products)
      .innerJoin(countries, eq(countries.id, products.countryId))
      .where(and(eq(products.isActive, true), isNull(products.archivedAt), activeCountry()))
      .orderBy(products.id)
      .limit(SITEMAP_PRODUCTS),
  }))
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
      halalStatement: countries.halalStatement,
    })
    .from(countries)
    .where(activeCountry())
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
  origin: string | null
  halal: boolean
  /** 'YYYY-MM-DD' or null. */
  slaughterDay: string | null
  /** `PreparationOffer`s, parsed from the statement's JSON (keys in their answered order). */
  preparations: PreparationOffer[]
}

/** The statements' `countries c`, for the active country's condition. */
const countryAsC = alias(countries, 'c')

/** The page's statement: one shape per set of parameters given, each prepared once by name. */
function catalogueRows(read: CatalogueRead) {
  const { countryId, categoryId, search, cursor, ids } = read
  const shape =
    (countryId === undefined ? '' : 'c') +
    (categoryId === undefined ? '' : 'k') +
    (search === undefined ? '' : 's') +
    (ids ? 'i' : cursor ? 'a' : '')
  // The catalogue's order: the folded name under the C collation (the same in every engine and
  // in the browser, docs/rules/catalogue.md#search), then the id, which no two products share: a page
  // starts strictly after the previous one's last product, whatever names are alike.
  const order = sql`(etal_fold(p.name) COLLATE "C")`
  const query = sql`
  select p.id, p.name, p.description, p.image_url as "imageUrl", p.price_per_unit as "pricePerUnit",
    ph.key as "photoKey", ph.width as "photoWidth", ph.height as "photoHeight",
    p.unit_type as "unitType", p.min_quantity as "minQuantity", p.category_id as "categoryId",
    p.is_active as "isActive", p.is_featured as "isFeatured", p.country_id as "countryId",
    c.name as "countryName",
    to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
    pc.name as "categoryName",
    etal_sold_out(p, (now() at time zone c.time_zone)::date, coalesce(s.sold, 0)) as "soldOut",
    etal_stock_left(p, coalesce(s.sold, 0)) as "left",
    p.origin, p.halal, to_char(p.slaughter_day, 'YYYY-MM-DD') as "slaughterDay",
    ${offersOf(sql`p.id`)} as "preparations",
    ${order} as "fold"
  from products p
  join countries c on c.id = p.country_id
  left join product_categories pc on pc.id = p.category_id
  left join product_photos ph on ph.key = p.photo_key
  left join product_daily_sales s on s.product_id = p.id and s.day = (now() at time zone c.time_zone)::date
  where p.is_active and p.archived_at is null and ${activeCountry(countryAsC)}
    ${countryId === undefined ? sql`` : sql`and p.country_id = ${countryId}`}
    ${categoryId === undefined ? sql`` : sql`and p.category_id = ${categoryId}`}
    ${search === undefined ? sql`` : sql`and ${containsFolded(sql`p.name`, search)}`}
    ${
      ids
        ? sql`and p.id = any(${`{${ids.join(',')}}`}::int[])`
        : cursor
          ? sql`and (${order}, p.id) > (${cursor.fold}::text COLLATE "C", ${cursor.id}::int)`
          : sql``
    }
  order by ${order}, p.id
  ${ids ? sql`` : sql`limit ${PRODUCTS_PAGE_SIZE + 1}`}`
  return { name: `etal_catalogue_${shape || 'all'}`, query }
}

/** The categories a listing has products in, for its first page's buttons (French order). */
async function listingCategories(db: Executor, countryId: number | undefined) {
  const rows = await executeNamed<{ id: number; name: string }>(
    db,
    countryId === undefined ? 'etal_catalogue_categories' : 'etal_catalogue_categories_c',
    sql`select pc.id, pc.name from product_categories pc
      where exists (select 1 from products p join countries c on c.id = p.country_id
        where p.category_id = pc.id and p.is_active and p.archived_at is null and ${activeCountry(countryAsC)}
        ${countryId === undefined ? sql`` : sql`and p.country_id = ${countryId}`})`,
  )
  return sortByName(rows)
}

const str = JSON.stringify

/**
 * A page of the catalogue: `{ products, nextCursor, categories? }` as `answerText` writes it from
 * `publicProducts`' objects, byte for byte (the same products, in the catalogue's order),
 * written straight from the rows. A cache miss costs one prepared statement (two on a listing's
 * first page) and the joining of strings: no object per column mapped by the ORM, no walk over
 * them, no Date made and written back (docs/decisions/0022-cheap-cache-misses.md).
 * `tests/api/catalogue-text.test.ts` holds the text to the objects' (a column added to
 * `publicProductColumns` and not here fails it).
 */
export async function catalogueText(db: Executor, read: CatalogueRead) {
  const { name, query } = catalogueRows(read)
  const firstOfListing = !read.cursor && !read.ids && !read.search && read.categoryId === undefined
  const [all, categories] = await Promise.all([
    executeNamed<CatalogueRow & { fold: string }>(db, name, query),
    firstOfListing ? listingCategories(db, read.countryId) : undefined,
  ])
  const more = !read.ids && all.length > PRODUCTS_PAGE_SIZE
  const rows = more ? all.slice(0, PRODUCTS_PAGE_SIZE) : all
  const last = rows[rows.length - 1]
  const nextCursor = more && last ? str(writeCursor({ id: last.id, fold: last.fold })) : 'null'
  const tail =
    `"nextCursor":${nextCursor}` +
    (categories
      ? `,"categories":[${categories.map((c) => `{"id":${c.id},"name":${str(c.name)}}`).join(',')}]`
      : '')
  if (rows.length === 0) return { text: `{"json":{"products":[],${tail}}}`, count: 0 }
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
      `"origin":${str(r.origin)},"halal":${r.halal},"slaughterDay":${str(r.slaughterDay)},` +
      `"preparations":${str(r.preparations)},` +
      `"category":${category}}`
    meta += `${i ? ',' : ''}"products.${i}.createdAt":["Date"]`
  }
  return { text: `${text}],${tail}},"meta":{"values":{${meta}},"v":1}}`, count: rows.length }
}
