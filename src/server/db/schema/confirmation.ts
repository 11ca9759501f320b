import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { orders } from './orders'
import { users } from './users'

/**
 * docs/rules/confirmation.md#confirmation: the link an order waiting for its client's confirmation
 * was sent, its token kept only as a SHA-256 hash; used once (`usedAt`), until `expiresAt`. One per
 * order: a new link replaces the row, so the older one stops working.
 */
export const orderConfirmTokens = pgTable(
  'order_confirm_tokens',
  {
    orderId: integer()
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('order_confirm_tokens_hash_uq').on(t.tokenHash)],
)

/**
 * docs/rules/confirmation.md#refused-at-the-door: a driver's "Refusé à la porte", one per order,
 * with the delivery phone in its international form: the refusals of a phone are counted by it.
 */
export const doorRefusals = pgTable(
  'door_refusals',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    phone: text().notNull(),
    reason: text().notNull(),
    note: text(),
    driverId: integer()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('door_refusals_order_uq').on(t.orderId), index('door_refusals_phone_idx').on(t.phone)],
)
