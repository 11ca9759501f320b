import { userCalls } from '@/shared/calls'
import { alias } from 'drizzle-orm/pg-core'
import { desc, eq } from 'drizzle-orm'
import { accountEvents, loyaltyTransactions, orders, users } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { loadOrders } from '@/server/services/orders/orders'
import { findUserInReach } from '@/server/services/people/user-admin'
import { hasSecondFactor } from '@/server/services/people/two-factor'

const by = alias(users, 'by_user')

/** The history page shows a customer's whole story; past this many it shows the latest. */
const MAX_ROWS = 500

export default defineEndpoint({
  call: userCalls.history,
  roles: ['root', 'super_admin', 'admin'],
  summary: 'An account with its orders and loyalty transactions (scope as the users list)',
  async handler({ input, user, db }) {
    const target = await findUserInReach(db, user, input.userId)
    const ids = await db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.userId, target.id))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(MAX_ROWS)
    const transactions = await db
      .select({
        id: loyaltyTransactions.id,
        transactionType: loyaltyTransactions.transactionType,
        points: loyaltyTransactions.points,
        orderId: loyaltyTransactions.orderId,
        description: loyaltyTransactions.description,
        createdAt: loyaltyTransactions.createdAt,
      })
      .from(loyaltyTransactions)
      .where(eq(loyaltyTransactions.userId, target.id))
      .orderBy(desc(loyaltyTransactions.createdAt), desc(loyaltyTransactions.id))
      .limit(MAX_ROWS)
    // Who enrolled or reset its second factor (docs/rules/people.md#accounts).
    const events = await db
      .select({
        id: accountEvents.id,
        kind: accountEvents.kind,
        byName: by.displayName,
        createdAt: accountEvents.createdAt,
      })
      .from(accountEvents)
      .leftJoin(by, eq(by.id, accountEvents.byUserId))
      .where(eq(accountEvents.userId, target.id))
      .orderBy(desc(accountEvents.createdAt), desc(accountEvents.id))
      .limit(MAX_ROWS)
    return {
      user: target,
      accountEvents: events,
      twoFactorEnabled: await hasSecondFactor(db, target.id),
      orders: await loadOrders(
        db,
        ids.map((r) => r.id),
      ),
      loyaltyTransactions: transactions,
    }
  },
})
