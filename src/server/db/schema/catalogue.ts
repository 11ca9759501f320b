import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
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

export const products = pgTable(
  'products',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    description: text(),
    imageUrl: text(),
    pricePerUnit: integer().notNull(),
    unitType: unitTypeEnum().notNull(),
    minQuantity: numeric({ precision: 10, scale: 3, mode: 'number' }).notNull().default(1),
    categoryId: integer().references(() => productCategories.id),
    countryId: integer()
      .notNull()
      .references(() => countries.id),
    isActive: boolean().notNull().default(false),
    isFeatured: boolean().notNull().default(false),
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
    check('products_price_ck', sql`${t.pricePerUnit} > 0`),
    check('products_min_quantity_ck', sql`${t.minQuantity} > 0`),
  ],
)
