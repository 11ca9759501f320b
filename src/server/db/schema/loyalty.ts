import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { loyaltyTypeEnum } from './enums'
import { orders } from './orders'
import { users } from './users'

/** Every movement of points; a user's balance always equals the sum of its rows. */
export const loyaltyTransactions = pgTable(
  'loyalty_transactions',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer().references(() => orders.id, { onDelete: 'cascade' }),
    transactionType: loyaltyTypeEnum().notNull(),
    points: integer().notNull(),
    description: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('loyalty_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('loyalty_order_idx').on(t.orderId),
  ],
)
