import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { attemptStatusEnum, paymentProviderEnum, refundStatusEnum } from './enums'
import { campaignReservations } from './campaigns'
import { orders } from './orders'
import { users } from './users'
import { giftVouchers } from './vouchers'

/**
 * One try at paying an order by mobile money (docs/rules/money.md#payments): its own reference (sent
 * to the provider as its transaction id / client reference), one provider, the amount and
 * currency asked, the provider's id and checkout address, when it expires and when the
 * reconciliation worker asks next. Keyed by (provider, reference): a notification names one.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: serial().primaryKey(),
    /** What it pays: an order, a campaign's reservation or a gift voucher (exactly one, decisions 0066, 0078). */
    orderId: integer().references(() => orders.id, { onDelete: 'cascade' }),
    reservationId: integer().references(() => campaignReservations.id, { onDelete: 'cascade' }),
    voucherId: integer().references(() => giftVouchers.id, { onDelete: 'cascade' }),
    reference: text().notNull(),
    provider: paymentProviderEnum().notNull(),
    /** The wallet as the country lists it ("Orange Money"); null: the provider's page chooses. */
    wallet: text(),
    /** The country whose keys the provider is called with (Wave's are per country). */
    countryCode: text().notNull(),
    amount: integer().notNull(),
    currency: text().notNull(),
    status: attemptStatusEnum().notNull().default('pending'),
    /** Wave's session id, CinetPay's payment token: null until the provider answered. */
    providerRef: text(),
    checkoutUrl: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    nextCheckAt: timestamp({ withTimezone: true }).notNull(),
    checks: integer().notNull().default(0),
    refundStatus: refundStatusEnum(),
    /** What is to be given back: null, the whole amount; otherwise the excess over the order's total. */
    refundAmount: integer(),
    /** Who asked for it: the client, or the driver at the door. */
    createdBy: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_attempts_provider_reference_idx').on(t.provider, t.reference),
    index('payment_attempts_order_idx').on(t.orderId),
    index('payment_attempts_reservation_idx')
      .on(t.reservationId)
      .where(sql`${t.reservationId} is not null`),
    index('payment_attempts_voucher_idx')
      .on(t.voucherId)
      .where(sql`${t.voucherId} is not null`),
    check(
      'payment_attempts_pays_one_ck',
      sql`num_nonnulls(${t.orderId}, ${t.reservationId}, ${t.voucherId}) = 1`,
    ),
    // The worker's question: attempts not yet paid whose next check is due (it keeps asking 48 h
    // after an attempt expired: money a provider took late still counts).
    index('payment_attempts_due_idx')
      .on(t.nextCheckAt)
      .where(sql`${t.status} in ('pending', 'failed', 'expired')`),
    // One open attempt per order: a new one closes the others (docs/rules/money.md#payments).
    uniqueIndex('payment_attempts_one_open_idx')
      .on(t.orderId)
      .where(sql`${t.status} = 'pending'`),
    index('payment_attempts_refund_idx')
      .on(t.refundStatus)
      .where(sql`${t.refundStatus} <> 'done'`),
    check('payment_attempts_amount_ck', sql`${t.amount} > 0`),
    check(
      'payment_attempts_refund_amount_ck',
      sql`${t.refundAmount} is null or (${t.refundAmount} > 0 and ${t.refundAmount} <= ${t.amount})`,
    ),
  ],
)

/**
 * Every change of a payment (docs/rules/money.md#payments): who (a user, or a provider), what, when,
 * the provider's raw status. Only ever appended to (a trigger refuses UPDATE, DELETE and
 * TRUNCATE, as the cash ledger's).
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial().primaryKey(),
    orderId: integer().references(() => orders.id, { onDelete: 'cascade' }),
    reservationId: integer().references(() => campaignReservations.id, { onDelete: 'cascade' }),
    voucherId: integer().references(() => giftVouchers.id, { onDelete: 'cascade' }),
    attemptId: integer().references(() => paymentAttempts.id, { onDelete: 'cascade' }),
    actorId: integer().references(() => users.id),
    /** The provider that told us, when a provider did (a notification, a status query). */
    provider: paymentProviderEnum(),
    type: text().notNull(),
    providerStatus: text(),
    detail: text(),
    createdAt: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    index('payment_events_order_idx').on(t.orderId, t.id),
    index('payment_events_reservation_idx')
      .on(t.reservationId, t.id)
      .where(sql`${t.reservationId} is not null`),
    check(
      'payment_events_about_ck',
      sql`num_nonnulls(${t.orderId}, ${t.reservationId}, ${t.voucherId}) >= 1`,
    ),
  ],
)

/**
 * Every notification a provider sent, as it arrived (docs/rules/money.md#payments): the raw body,
 * the signature header, the provider's event id and type, when. Kept for disputes, only ever
 * appended to (a trigger refuses UPDATE, DELETE and TRUNCATE). Only notifications whose signature
 * is good are kept: a stranger's cannot fill the table.
 */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: serial().primaryKey(),
    provider: paymentProviderEnum().notNull(),
    /** Wave: the country of the webhook's address, whose secret signed it. */
    countryCode: text(),
    eventId: text(),
    eventType: text(),
    /** The attempt's reference the notification names, if any. */
    reference: text(),
    orderId: integer().references(() => orders.id, { onDelete: 'cascade' }),
    attemptId: integer().references(() => paymentAttempts.id, { onDelete: 'cascade' }),
    rawBody: text().notNull(),
    signature: text(),
    receivedAt: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index('payment_notifications_order_idx').on(t.orderId, t.id)],
)

/**
 * A provider that refused the shop's key (docs/rules/money.md#payments): a configuration fault,
 * not an outage, shown to staff until a call with that key succeeds. One row per provider and
 * country ('' for CinetPay's one contract).
 */
export const paymentProviderFaults = pgTable(
  'payment_provider_faults',
  {
    provider: paymentProviderEnum().notNull(),
    countryCode: text().notNull().default(''),
    /** The provider's HTTP status (401, 403) or code. */
    detail: text().notNull(),
    firstAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.countryCode] })],
)
