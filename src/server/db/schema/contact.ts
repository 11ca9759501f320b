import { bigint, index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { contactStatusEnum } from './enums'

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    email: text().notNull(),
    subject: text().notNull(),
    message: text().notNull(),
    status: contactStatusEnum().notNull().default('new'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contact_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst()),
    index('contact_created_idx').on(t.createdAt.desc().nullsFirst()),
  ],
)

/**
 * How many contact messages there are in each status, kept by a statement trigger on
 * contact_messages (drizzle/0006_contact_message_counts.sql): the inbox's total is a read of
 * three rows instead of a count of up to COUNT_CAP + 1 messages on every page.
 */
export const contactMessageCounts = pgTable('contact_message_counts', {
  status: contactStatusEnum().primaryKey(),
  n: bigint({ mode: 'number' }).notNull().default(0),
})
