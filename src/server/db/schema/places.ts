import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

export const countries = pgTable(
  'countries',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    code: text().notNull(),
    currency: text().notNull(),
    dialCode: text().notNull(),
    mobileMoneyProviders: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('countries_name_lower_uq').on(sql`lower(${t.name})`),
    uniqueIndex('countries_code_uq').on(t.code),
    check('countries_code_ck', sql`${t.code} ~ '^[A-Z]{2}$'`),
    check('countries_currency_ck', sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
)

export const cities = pgTable(
  'cities',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    countryId: integer()
      .notNull()
      .references(() => countries.id),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cities_country_name_uq').on(t.countryId, sql`lower(${t.name})`),
    index('cities_country_active_idx').on(t.countryId, t.isActive),
  ],
)

export const zones = pgTable(
  'zones',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    cityId: integer()
      .notNull()
      .references(() => cities.id),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('zones_city_name_uq').on(t.cityId, sql`lower(${t.name})`),
    index('zones_city_active_idx').on(t.cityId, t.isActive),
  ],
)
