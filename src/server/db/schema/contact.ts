import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
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
