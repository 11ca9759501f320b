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
 * A product photo (docs/rules.md#photos): its content hash names it in every URL, and its largest
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
    /** Out of stock until staff say otherwise (docs/rules.md#stock). */
    outOfStock: boolean().notNull().default(false),
    /** Out of stock for that day only, the day of the country's time zone (docs/rules.md#stock). */
    outOfStockOn: date({ mode: 'string' }),
    /** What orders may draw each day (kg or pieces); null: no daily limit (docs/rules.md#stock). */
    dailyQuantity: numeric({ precision: 10, scale: 3, mode: 'number' }),
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
    index('products_photo_key_idx')
      .on(t.photoKey)
      .where(sql`${t.photoKey} is not null`),
    check('products_price_ck', sql`${t.pricePerUnit} > 0`),
    check('products_min_quantity_ck', sql`${t.minQuantity} > 0`),
    check('products_daily_quantity_ck', sql`${t.dailyQuantity} > 0`),
  ],
)

/**
 * What the orders of one day drew from a product's daily quantity, keyed by the day of the
 * product's country (docs/rules.md#stock): a new day starts from nothing, no job resets it.
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
