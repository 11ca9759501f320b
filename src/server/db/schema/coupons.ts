import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { couponKindEnum } from './enums'
import { orders } from './orders'
import { countries } from './places'
import { users } from './users'

/**
 * A country's promotion codes (docs/rules/commerce.md#coupons). `uses_count` and `amount_spent` are
 * the budget used, moved only under the coupon's row lock, in the transaction of the order that
 * uses it (or cancels: its use is given back); they always equal the sums of its live uses.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serial().primaryKey(),
    countryId: integer()
      .notNull()
      .references(() => countries.id),
    code: text().notNull(),
    kind: couponKindEnum().notNull(),
    /** A whole percent (1 to 100) or whole francs. */
    value: integer().notNull(),
    maxUses: integer(),
    maxAmount: integer(),
    perClient: integer(),
    minOrder: integer(),
    /** Local days of the country, inclusive. */
    validFrom: date({ mode: 'string' }),
    validTo: date({ mode: 'string' }),
    firstOrderOnly: boolean().notNull().default(false),
    stoppedAt: timestamp({ withTimezone: true }),
    usesCount: integer().notNull().default(0),
    amountSpent: integer().notNull().default(0),
    createdBy: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_country_code_uq').on(t.countryId, sql`lower(${t.code})`),
    index('coupons_country_created_idx').on(t.countryId, t.createdAt.desc().nullsFirst()),
    check(
      'coupons_amounts_ck',
      sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100) and ${t.usesCount} >= 0 and ${t.amountSpent} >= 0
        and (${t.maxUses} is null or ${t.usesCount} <= ${t.maxUses}) and (${t.maxAmount} is null or ${t.amountSpent} <= ${t.maxAmount})`,
    ),
  ],
)

/** One order's use of a coupon: who (the account and its phone) and how much; given back on cancel. */
export const couponUses = pgTable(
  'coupon_uses',
  {
    id: serial().primaryKey(),
    couponId: integer()
      .notNull()
      .references(() => coupons.id),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id),
    /** The client's phone in international form (docs/rules/people.md#phones), or none. */
    clientPhone: text(),
    amount: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set when the order was cancelled: the use no longer counts. */
    returnedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('coupon_uses_order_uq').on(t.orderId),
    index('coupon_uses_phone_idx')
      .on(t.couponId, t.clientPhone)
      .where(sql`${t.returnedAt} is null`),
    check('coupon_uses_amount_ck', sql`${t.amount} >= 0`),
  ],
)
