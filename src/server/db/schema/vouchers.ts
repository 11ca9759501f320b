import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { voucherStatuses } from '@/shared/domain/vouchers'
import { countries } from './places'
import { users } from './users'

/**
 * A gift voucher (docs/rules/gift-vouchers.md, decision 0078): bought by a client for someone (a
 * first name and a phone), paid by mobile money; once paid, its code is sent to that phone and
 * only its hash is kept here. Whoever types the code adds the amount to its store credit, once.
 */
export const giftVouchers = pgTable(
  'gift_vouchers',
  {
    id: serial().primaryKey(),
    buyerId: integer()
      .notNull()
      .references(() => users.id),
    countryId: integer()
      .notNull()
      .references(() => countries.id),
    amount: integer().notNull(),
    recipientName: text().notNull(),
    /** International form (docs/rules/people.md#phones). */
    recipientPhone: text().notNull(),
    message: text(),
    /** sha256 of the code, set when the voucher is paid (the code itself leaves in the SMS only). */
    codeHash: text(),
    status: text({ enum: voucherStatuses }).notNull().default('pending'),
    redeemedBy: integer().references(() => users.id),
    paidAt: timestamp({ withTimezone: true }),
    redeemedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gift_vouchers_code_uq').on(t.codeHash),
    index('gift_vouchers_buyer_idx').on(t.buyerId, t.id),
    check('gift_vouchers_amount_ck', sql`${t.amount} between 5000 and 200000 and mod(${t.amount}, 100) = 0`),
    check('gift_vouchers_status_ck', sql`${t.status} in ('pending', 'paid', 'redeemed', 'cancelled')`),
    check('gift_vouchers_code_ck', sql`${t.status} not in ('paid', 'redeemed') or ${t.codeHash} is not null`),
    check(
      'gift_vouchers_redeemed_ck',
      sql`(${t.status} = 'redeemed') = (${t.redeemedBy} is not null and ${t.redeemedAt} is not null)`,
    ),
  ],
)

/**
 * A wrong code typed by a client (docs/rules/gift-vouchers.md#using-a-voucher): counted in a
 * transaction of its own, so that a few in a quarter of an hour stop further tries.
 */
export const giftVoucherMisses = pgTable(
  'gift_voucher_misses',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('gift_voucher_misses_user_idx').on(t.userId, t.createdAt)],
)
