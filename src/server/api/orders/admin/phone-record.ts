import { orderCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { notFound } from '@/server/http/errors'
import { phoneRecord } from '@/server/services/orders/confirmation'
import { findOrderInScope, ORDER_NOT_FOUND } from '@/server/services/orders/order-admin'
import { loadOrder } from '@/server/services/orders/orders'

export default defineEndpoint({
  call: orderCalls.phoneRecord,
  roles: ['root', 'super_admin', 'admin'],
  summary: "The order's delivery phone: how many of its orders were delivered, how many refused at the door",
  async handler({ input, user, db }) {
    await findOrderInScope(db, user, input.orderId)
    const order = await loadOrder(db, input.orderId)
    if (!order) throw notFound(ORDER_NOT_FOUND)
    return phoneRecord(db, order.deliveryPhone)
  },
})
