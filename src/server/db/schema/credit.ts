import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { orders } from './orders'
import { paymentAttempts } from './payments'
import { countries } from './places'
import { users } from './users'
import { creditKinds } from '@/shared/domain/store-credit'

export type { CreditKind } from '@/shared/domain/store-credit'

/**
 * A client's store credit (avoir) in one country, in its currency (decision 0077): the sum of its
 * ledger's rows, kept here so a debit is one conditional update of a locked row, never below 0.
 */
export const storeCreditBalances = pgTable(
  'store_credit_balances',
  {
    userId: integer()
      .notNull()
      .references(() => users.id),
    countryId: integer()
      .notNull()
      .references(() => countries.id),
    balance: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.countryId] }),
    check('store_credit_balances_balance_ck', sql`${t.balance} >= 0`),
  ],
)

/**
 * Every movement of store credit (docs/rules/store-credit.md#the-ledger): who, why, how much, the
 * balance after. Only ever appended to (a trigger refuses UPDATE, DELETE and TRUNCATE).
 */
export const storeCreditEntries = pgTable(
  'store_credit_entries',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    countryId: integer()
      .notNull()
      .references(() => countries.id),
    amount: integer().notNull(),
    kind: text({ enum: creditKinds }).notNull(),
    /** The order it comes from or goes to (a refund, a spend, a return). */
    orderId: integer().references(() => orders.id),
    /** The payment given back as credit (a refund). */
    attemptId: integer().references(() => paymentAttempts.id),
    /** Who made the movement: the client itself, or the staff member; null: the shop's own step. */
    actorId: integer().references(() => users.id),
    /** Why, in French, as the client reads it in its history. */
    reason: text().notNull(),
    balanceAfter: integer().notNull(),
    createdAt: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    index('store_credit_entries_user_idx').on(t.userId, t.id),
    index('store_credit_entries_order_idx')
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
    check('store_credit_entries_amount_ck', sql`${t.amount} <> 0`),
    check('store_credit_entries_balance_ck', sql`${t.balanceAfter} >= 0`),
    check(
      'store_credit_entries_kind_ck',
      sql`${t.kind} in ('refund', 'grant', 'voucher', 'spent', 'returned')`,
    ),
  ],
)
