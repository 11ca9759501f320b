import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  date,
  primaryKey,
  text,
  time,
  timestamp,
  uniqueIndex,
  numeric,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'

export const countries = pgTable(
  'countries',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    code: text().notNull(),
    currency: text().notNull(),
    dialCode: text().notNull(),
    // The IANA time zone of the country's clocks (Dakar Africa/Dakar, Douala Africa/Douala):
    // delivery slots, "today" for stock and the daily cash report are read in it
    // (docs/rules/delivery.md#time-zones).
    timeZone: text().notNull().default('Africa/Abidjan'),
    mobileMoneyProviders: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isActive: boolean().notNull().default(true),
    // The shop's own phone and WhatsApp in the country, in international form
    // (docs/rules/people.md#phones): the contact and confirmation pages show them.
    shopPhone: text(),
    shopWhatsapp: text(),
    /** The shop's halal statement in the country, shown on product pages and in the footer (docs/rules/catalogue.md#provenance). */
    halalStatement: text(),
    /**
     * docs/rules/confirmation.md#confirmation: an order paid at the door above this total (in the
     * country's currency) waits for the client's confirmation; null: no amount does.
     */
    confirmAbove: integer(),
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
    // docs/rules/delivery.md#delivery-fees: the fee (0 allowed), the smallest subtotal accepted, and the
    // subtotal from which delivery is free; the last two optional.
    deliveryFee: integer().notNull().default(0),
    minOrderAmount: integer(),
    freeDeliveryFrom: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'zones_delivery_terms_ck',
      sql`${t.deliveryFee} between 0 and 1000000 and coalesce(${t.minOrderAmount}, 0) between 0 and 50000000 and coalesce(${t.freeDeliveryFrom}, 0) between 0 and 50000000`,
    ),
    uniqueIndex('zones_city_name_uq').on(t.cityId, sql`lower(${t.name})`),
    index('zones_city_active_idx').on(t.cityId, t.isActive),
  ],
)

/**
 * A city's delivery slots (docs/rules/delivery.md#delivery-slots): a window of local time in the country's
 * time zone, how many orders it takes a day, and how long before its start it closes.
 */
export const deliverySlots = pgTable(
  'delivery_slots',
  {
    id: serial().primaryKey(),
    cityId: integer()
      .notNull()
      .references(() => cities.id),
    // docs/rules/pickup.md#collection-slots: a shop's collection slot (its city's), or null for a
    // delivery slot; the same machinery counts the places of both (decision 0074).
    shopId: integer().references((): AnyPgColumn => shops.id),
    startsAt: time().notNull(),
    endsAt: time().notNull(),
    capacity: integer().notNull(),
    cutoffMinutes: integer().notNull().default(120),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'delivery_slots_ck',
      sql`${t.endsAt} > ${t.startsAt} and ${t.capacity} between 1 and 1000 and ${t.cutoffMinutes} between 0 and 2880`,
    ),
    uniqueIndex('delivery_slots_city_start_uq')
      .on(t.cityId, t.startsAt)
      .where(sql`shop_id is null`),
    uniqueIndex('delivery_slots_shop_start_uq')
      .on(t.shopId, t.startsAt)
      .where(sql`shop_id is not null`),
  ],
)

/**
 * How many orders hold a place in a slot on a day (its local date): checkout adds one only while
 * it is below the slot's capacity, in its one statement; a cancelled order gives it back.
 */
export const deliverySlotBookings = pgTable(
  'delivery_slot_bookings',
  {
    slotId: integer()
      .notNull()
      .references(() => deliverySlots.id),
    day: date({ mode: 'string' }).notNull(),
    booked: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.slotId, t.day] }),
    check('delivery_slot_bookings_ck', sql`${t.booked} >= 0`),
  ],
)

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
