import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { messageKindEnum, messageStateEnum } from './enums'
import { campaignReservations } from './campaigns'
import { orders } from './orders'
import { users } from './users'

/**
 * The outbox (docs/rules/orders.md#messages, decision 0030): every message the shop sends, written in the
 * transaction of the change that causes it, then delivered by the outbox worker. A row is never
 * deleted with its message unsent; its state says what happened.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial().primaryKey(),
    /** The order it tells of; null for a message about the account (a password reset). */
    orderId: integer().references(() => orders.id, { onDelete: 'cascade' }),
    /** The account an account message is for (a password reset, a password changed). */
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    /** The campaign reservation it tells of (docs/rules/campaigns-messages.md). */
    reservationId: integer().references(() => campaignReservations.id, { onDelete: 'cascade' }),
    kind: messageKindEnum().notNull(),
    /** E-mail or SMS (decision 0048): one row per channel. */
    channel: text({ enum: ['email', 'sms'] })
      .notNull()
      .default('email'),
    /** The client's e-mail address (or phone number, for an SMS) when the event happened. */
    recipient: text().notNull(),
    /** What the event knew that the order may later forget (the driver, the totals before and after). */
    facts: jsonb().notNull().default({}),
    state: messageStateEnum().notNull().default('waiting'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** A worker that claimed the row sends it until then; past it, another worker may claim it. */
    leaseUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    /** The subject and text as sent (or as they would have been sent). */
    subject: text(),
    body: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    index('outbox_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.state} = 'waiting'`),
    index('outbox_order_idx').on(t.orderId, t.id),
    index('outbox_reservation_idx')
      .on(t.reservationId, t.id)
      .where(sql`${t.reservationId} is not null`),
    index('outbox_user_idx')
      .on(t.userId, t.id)
      .where(sql`${t.userId} is not null`),
  ],
)
