import { clientCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { findClientOrders } from '@/server/services/orders/client-orders'

export default defineEndpoint({
  call: clientCalls.orders,
  roles: ['client', 'user'],
  summary: "The caller's own orders, newest first, by order number or product name and status",
  async handler({ input, user, db }) {
    return { orders: await findClientOrders(db, user.id, input) }
  },
})
