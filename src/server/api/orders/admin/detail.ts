import { orderCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { notFound } from '@/server/http/errors'
import { findOrderInScope, ORDER_NOT_FOUND } from '@/server/services/orders/order-admin'
import { loadOrder } from '@/server/services/orders/orders'

export default defineEndpoint({
  call: orderCalls.detail,
  roles: ['root', 'super_admin', 'admin'],
  summary: 'One order for staff, with its items, customer, driver and event history',
  async handler({ input, user, db }) {
    await findOrderInScope(db, user, input.orderId)
    const order = await loadOrder(db, input.orderId)
    if (!order) throw notFound(ORDER_NOT_FOUND)
    return { order }
  },
})
