import { orderCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { mustExist } from '@/server/http/errors'
import { resendConfirmLink } from '@/server/services/orders/confirm-link'
import { findOrderInScope } from '@/server/services/orders/order-admin'
import { loadOrder } from '@/server/services/orders/orders'

export default defineEndpoint({
  call: orderCalls.resendConfirmLink,
  roles: ['root', 'super_admin', 'admin'],
  summary:
    'Staff send the client a new confirmation link by SMS (a lost SMS), only while the order waits for it: the former link stops working at once',
  async handler({ input, user, db }) {
    await findOrderInScope(db, user, input.orderId)
    await resendConfirmLink(db, input.orderId)
    return { order: mustExist(await loadOrder(db, input.orderId)) }
  },
})
