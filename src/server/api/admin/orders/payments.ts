import { paymentCalls } from '@/shared/calls/payments'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { orders } from '@/server/db/schema'
import { findOrderInScope } from '@/server/services/order-admin'
import { orderPayments } from '@/server/services/payments/service'
import { eq } from 'drizzle-orm'

export default defineEndpoint({
  call: paymentCalls.orderPayments,
  roles: ['root', 'super_admin', 'admin'],
  summary:
    'An order’s mobile money attempts and payment events (who, which provider, what, when, the raw status)',
  async handler({ input, user, db }) {
    await findOrderInScope(db, user, input.orderId)
    const [o] = await db
      .select({ total: orders.totalAmount })
      .from(orders)
      .where(eq(orders.id, input.orderId))
    return orderPayments(db, input.orderId, o!.total)
  },
})
