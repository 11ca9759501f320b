import { asc, eq } from 'drizzle-orm'
import { orderCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { outboxMessages } from '@/server/db/schema'
import { findOrderInScope } from '@/server/services/orders/order-admin'

export default defineEndpoint({
  call: orderCalls.messages,
  roles: ['root', 'super_admin', 'admin'],
  summary: "The messages the shop sent (or will send) the order's client, and the state of each",
  async handler({ input, user, db }) {
    await findOrderInScope(db, user, input.orderId)
    const rows = await db
      .select({
        id: outboxMessages.id,
        kind: outboxMessages.kind,
        channel: outboxMessages.channel,
        recipient: outboxMessages.recipient,
        state: outboxMessages.state,
        attempts: outboxMessages.attempts,
        nextAttemptAt: outboxMessages.nextAttemptAt,
        lastError: outboxMessages.lastError,
        subject: outboxMessages.subject,
        body: outboxMessages.body,
        sentAt: outboxMessages.sentAt,
        createdAt: outboxMessages.createdAt,
      })
      .from(outboxMessages)
      .where(eq(outboxMessages.orderId, input.orderId))
      .orderBy(asc(outboxMessages.id))
    return { messages: rows }
  },
})
