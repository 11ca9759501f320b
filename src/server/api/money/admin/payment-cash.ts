import { paymentCalls } from '@/shared/calls/payments'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { findOrderInScope } from '@/server/services/orders/order-admin'
import { setPaymentMethod } from '@/server/services/money/payments'

export default defineEndpoint({
  call: paymentCalls.paymentCash,
  roles: ['root', 'super_admin', 'admin'],
  summary: 'Staff switch an unpaid order to cash at the door (the client changed its mind), with the reason',
  async handler({ input, user, db, deps }) {
    await findOrderInScope(db, user, input.orderId)
    await setPaymentMethod(db, deps.payments, user.id, input.orderId, {
      method: 'cash',
      reason: input.reason,
    })
    return { ok: true as const }
  },
})
