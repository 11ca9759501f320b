import { paymentCalls } from '@/shared/calls/payments'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { findOrderInScope } from '@/server/services/order-admin'
import { orderPayments } from '@/server/services/payments/service'

export default defineEndpoint({
  call: paymentCalls.orderPayments,
  roles: ['root', 'super_admin', 'admin'],
  summary:
    'An order’s mobile money: its attempts, payment events (who, which provider, what, when, the raw status) and the providers’ notifications as received',
  async handler({ input, user, db }) {
    await findOrderInScope(db, user, input.orderId)
    return orderPayments(db, input.orderId)
  },
})
