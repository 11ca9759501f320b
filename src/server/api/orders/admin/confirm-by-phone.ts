import { orderCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { notFound } from '@/server/http/errors'
import { confirmByPhone } from '@/server/services/orders/confirmation'
import { findOrderInScope, ORDER_NOT_FOUND } from '@/server/services/orders/order-admin'
import { loadOrder } from '@/server/services/orders/orders'

export default defineEndpoint({
  call: orderCalls.confirmByPhone,
  roles: ['root', 'super_admin', 'admin'],
  summary:
    'Staff record that the client confirmed its order on the phone: a risky order paid at the door may then go into preparation',
  async handler({ input, user, db }) {
    await findOrderInScope(db, user, input.orderId)
    await confirmByPhone(db, user.id, input.orderId)
    const order = await loadOrder(db, input.orderId)
    if (!order) throw notFound(ORDER_NOT_FOUND)
    return { order }
  },
})
