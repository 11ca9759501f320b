import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { unitTypeEnum } from './enums'
import { countries } from './places'

export const productCategories = pgTable(
  'product_categories',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
  },
  (t) => [uniqueIndex('product_categories_name_uq').on(sql`lower(${t.name})`)],
)

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
})

/**
 * A product photo (docs/rules/catalogue.md#photos): its content hash names it in every URL, and its largest
 * WebP variant's size gives the others (src/shared/photos.ts). `unusedSince`: no product has
 * shown it since then (replaced, removed, or an upload that never reached its product);
 * housekeeping deletes it, and its variants, a while after.
 */
export const productPhotos = pgTable(
  'product_photos',
  {
    key: text().primaryKey(),
    width: integer().notNull(),
    height: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    unusedSince: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('product_photos_unused_idx')
      .on(t.unusedSince)
      .where(sql`${t.unusedSince} is not null`),
  ],
)

/** The WebP bytes of each width of a photo, when photos are kept in the database (the default). */
export const productPhotoVariants = pgTable(
  'product_photo_variants',
  {
    key: text()
      .notNull()
      .references(() => productPhotos.key, { onDelete: 'cascade' }),
    width: integer().notNull(),
    bytes: bytea().notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.width] })],
)

export const products = pgTable(
  'products',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    description: text(),
    /**
     * Only ever null or one of the shop's own /images/ paths: a pasted address of another server
     * is refused, and those already kept were cleared (migration 0024, docs/decisions/0033).
     */
    imageUrl: text(),
    /** An uploaded photo; shown rather than imageUrl when both are set. */
    photoKey: text().references(() => productPhotos.key, { onDelete: 'set null' }),
    pricePerUnit: integer().notNull(),
    unitType: unitTypeEnum().notNull(),
    minQuantity: numeric({ precision: 10, scale: 3, mode: 'number' }).notNull().default(1),
    categoryId: integer().references(() => productCategories.id),
    countryId: integer()
      .notNull()
      .references(() => countries.id),
    isActive: boolean().notNull().default(false),
    isFeatured: boolean().notNull().default(false),
    /** Out of stock until staff say otherwise (docs/rules/catalogue.md#stock). */
    outOfStock: boolean().notNull().default(false),
    /** Out of stock for that day only, the day of the country's time zone (docs/rules/catalogue.md#stock). */
    outOfStockOn: date({ mode: 'string' }),
    /** What orders may draw each day (kg or pieces); null: no daily limit (docs/rules/catalogue.md#stock). */
    dailyQuantity: numeric({ precision: 10, scale: 3, mode: 'number' }),
    /** Where the meat comes from, as the shop says it (docs/rules/catalogue.md#provenance); null: not said. */
    origin: text(),
    /** The product is halal (docs/rules/catalogue.md#provenance). */
    halal: boolean().notNull().default(false),
    /** The day of slaughter of fresh meat (docs/rules/catalogue.md#provenance); null: not said. */
    slaughterDay: date({ mode: 'string' }),
    /** Deleting archives: the product leaves every list, past orders keep it. */
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_country_active_idx')
      .on(t.countryId, t.isActive)
      .where(sql`${t.archivedAt} is null`),
    index('products_active_name_idx')
      .on(t.isActive, t.name)
      .where(sql`${t.archivedAt} is null`),
    index('products_category_idx').on(t.categoryId),
    // The storefront reads its catalogue a page at a time, in folded-name order then id
    // (keyset, docs/rules/catalogue.md#catalogue): each listing (one country's, or every country's) walks
    // one of these in order and stops after a page; the search reads the trigram index.
    index('products_storefront_country_order_idx')
      .on(t.countryId, sql`(etal_fold(${t.name}) COLLATE "C")`, t.id)
      .where(sql`${t.isActive} and ${t.archivedAt} is null`),
    index('products_storefront_order_idx')
      .on(sql`(etal_fold(${t.name}) COLLATE "C")`, t.id)
      .where(sql`${t.isActive} and ${t.archivedAt} is null`),
    index('products_name_fold_trgm_idx').using('gin', sql`etal_fold(${t.name}) gin_trgm_ops`),
    index('products_photo_key_idx')
      .on(t.photoKey)
      .where(sql`${t.photoKey} is not null`),
    check('products_price_ck', sql`${t.pricePerUnit} > 0`),
    check('products_min_quantity_ck', sql`${t.minQuantity} > 0`),
    check('products_daily_quantity_ck', sql`${t.dailyQuantity} > 0`),
    check('products_image_url_own_ck', sql`${t.imageUrl} is null or ${t.imageUrl} like '/images/%'`),
  ],
)

/**
 * What the orders of one day drew from a product's daily quantity, keyed by the day of the
 * product's country (docs/rules/catalogue.md#stock): a new day starts from nothing, no job resets it.
 * Checkout locks the day's row and draws only where there is room; a cancelled order gives back
 * to the day it drew from (order_items.stock_day).
 */
export const productDailySales = pgTable(
  'product_daily_sales',
  {
    productId: integer()
      .notNull()
      .references(() => products.id),
    day: date({ mode: 'string' }).notNull(),
    sold: numeric({ precision: 10, scale: 3, mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.day] }),
    check('product_daily_sales_sold_ck', sql`${t.sold} >= 0`),
  ],
)

/**
 * The preparations a country's butchers offer (docs/rules/catalogue.md#preparations): "Entier",
 * "Haché", "En cubes"… Every new country starts with the shop's list (the trigger of migration
 * 0028); root and the country's super_admin edit it. `position` orders the list.
 */
export const preparations = pgTable(
  'preparations',
  {
    id: serial().primaryKey(),
    countryId: integer()
      .notNull()
      .references(() => countries.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    position: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('preparations_country_name_uq').on(t.countryId, sql`lower(${t.name})`)],
)

/**
 * The preparations a product can have, each free (0) or with its price per unit of the product
 * (per kg or per piece), and at most one default (docs/rules/catalogue.md#preparations).
 */
export const productPreparations = pgTable(
  'product_preparations',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    preparationId: integer()
      .notNull()
      .references(() => preparations.id, { onDelete: 'cascade' }),
    price: integer().notNull().default(0),
    isDefault: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.preparationId] }),
    uniqueIndex('product_preparations_default_uq')
      .on(t.productId)
      .where(sql`${t.isDefault}`),
    index('product_preparations_preparation_idx').on(t.preparationId),
    check('product_preparations_price_ck', sql`${t.price} >= 0 and ${t.price} <= 10000000`),
  ],
)
