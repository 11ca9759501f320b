import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { campaignReservations } from './campaigns'
import { cashEntryTypeEnum } from './enums'
import { orders } from './orders'
import { countries, shops } from './places'
import { users } from './users'

/**
 * The drivers' cash ledger (docs/rules/money.md#drivers-cash): only ever appended to (a trigger refuses
 * UPDATE, DELETE and TRUNCATE, migration 0020); a driver's balance is the sum of its `amount`s.
 * - collected: a driver's confirmation; `amount` taken (>= 0), `amount_due` what was due, a
 *   reason when they differ; for an order (`order_id`) or a campaign reservation delivered on the
 *   eve (`reservation_id`, decision 0082), never both;
 * - handover: cash handed over to staff; `amount` = minus what was handed over, `held_before`
 *   the balance just before (the écart is their difference);
 * - correction: staff's signed correction, with its reason.
 */
export const cashEntries = pgTable(
  'cash_entries',
  {
    id: serial().primaryKey(),
    driverId: integer()
      .notNull()
      .references(() => users.id),
    /** The country the entry counts in: the order's for a collection, the driver's otherwise. */
    countryId: integer()
      .notNull()
      .references(() => countries.id),
    orderId: integer().references(() => orders.id),
    /** decision 0082: the campaign reservation a collection was for (then no order). */
    reservationId: integer().references(() => campaignReservations.id),
    type: cashEntryTypeEnum().notNull(),
    amount: integer().notNull(),
    amountDue: integer(),
    heldBefore: bigint({ mode: 'number' }),
    reason: text(),
    /** Who wrote it: the driver (collected) or the staff member (handover, correction). */
    actorId: integer()
      .notNull()
      .references(() => users.id),
    // The time it was written (as order events): entries written under the driver's lock are
    // dated in the order they were made.
    createdAt: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    index('cash_entries_driver_idx').on(t.driverId, t.id),
    index('cash_entries_country_created_idx').on(t.countryId, t.createdAt),
    index('cash_entries_order_idx').on(t.orderId),
    index('cash_entries_reservation_idx').on(t.reservationId),
    check(
      'cash_entries_kind_ck',
      sql`(${t.type} = 'collected' and (${t.orderId} is not null or ${t.reservationId} is not null) and ${t.amount} >= 0 and ${t.amountDue} >= 0 and ${t.heldBefore} is null and (${t.amount} = ${t.amountDue} or ${t.reason} is not null))
        or (${t.type} = 'handover' and ${t.amount} < 0 and ${t.amountDue} is null and ${t.heldBefore} is not null)
        or (${t.type} = 'correction' and ${t.amount} <> 0 and ${t.amountDue} is null and ${t.heldBefore} is null and ${t.reason} is not null)`,
    ),
    check('cash_entries_one_subject_ck', sql`${t.orderId} is null or ${t.reservationId} is null`),
    check('cash_entries_reason_ck', sql`${t.reason} is null or length(btrim(${t.reason})) > 0`),
  ],
)

/**
 * The shops' tills (docs/rules/pickup.md#the-till): cash taken at the counter when a pickup order
 * is handed over, one row per hand-over, naming the shop, the order and who took it. Only ever
 * appended to (a trigger refuses UPDATE, DELETE and TRUNCATE, migration 0044), as the drivers'
 * cash; the day's cash report sums it per shop.
 */
export const shopCashEntries = pgTable(
  'shop_cash_entries',
  {
    id: serial().primaryKey(),
    shopId: integer()
      .notNull()
      .references(() => shops.id),
    countryId: integer()
      .notNull()
      .references(() => countries.id),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    amount: integer().notNull(),
    /** The staff member who took the cash at the counter. */
    actorId: integer()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    index('shop_cash_entries_country_created_idx').on(t.countryId, t.createdAt),
    index('shop_cash_entries_order_idx').on(t.orderId),
    check('shop_cash_entries_amount_ck', sql`${t.amount} > 0`),
  ],
)
