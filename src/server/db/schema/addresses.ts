import { sql } from 'drizzle-orm'
import { check, index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { cities, zones } from './places'
import { users } from './users'

/**
 * A client's saved delivery addresses (docs/rules/people.md#delivery-addresses): a label
 * ("Maison", "Bureau"), a city and zone, the address as people write it, a landmark, an optional
 * second phone and an optional map point (latitude, longitude) the client took from its phone's
 * location. An order copies what it used (orders.delivery_*): editing or removing an address
 * never changes an order.
 */
export const deliveryAddresses = pgTable(
  'delivery_addresses',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text().notNull(),
    cityId: integer()
      .notNull()
      .references(() => cities.id),
    zoneId: integer()
      .notNull()
      .references(() => zones.id),
    address: text().notNull(),
    landmark: text(),
    secondPhone: text(),
    latitude: numeric({ precision: 8, scale: 6, mode: 'number' }),
    longitude: numeric({ precision: 9, scale: 6, mode: 'number' }),
    /** When an order last used it: the checkout offers the last used first. */
    lastUsedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('delivery_addresses_user_idx').on(t.userId),
    check(
      'delivery_addresses_point_ck',
      sql`(${t.latitude} is null) = (${t.longitude} is null) and coalesce(${t.latitude} between -90 and 90, true) and coalesce(${t.longitude} between -180 and 180, true)`,
    ),
  ],
)
