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
} from 'drizzle-orm/pg-core'
import { cities, countries } from './places'

/**
 * A country's shops where clients collect their orders (docs/rules/pickup.md#shops, decision
 * 0074): a city of the country, a name, an address, a map point, the opening hours as staff
 * write them, a phone. Deactivated, never deleted (orders keep naming it).
 */
export const shops = pgTable(
  'shops',
  {
    id: serial().primaryKey(),
    countryId: integer()
      .notNull()
      .references(() => countries.id),
    cityId: integer()
      .notNull()
      .references(() => cities.id),
    name: text().notNull(),
    address: text().notNull(),
    latitude: numeric({ precision: 8, scale: 6, mode: 'number' }),
    longitude: numeric({ precision: 9, scale: 6, mode: 'number' }),
    hours: text().notNull(),
    phone: text(),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shops_city_idx').on(t.cityId),
    index('shops_country_idx').on(t.countryId),
    check('shops_point_ck', sql`(${t.latitude} is null) = (${t.longitude} is null)`),
  ],
)
