import { paymentCalls } from '@/shared/calls/payments'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { findOrderInScope } from '@/server/services/orders/order-admin'
import { recordRefundDone } from '@/server/services/money/payments'

export default defineEndpoint({
  call: paymentCalls.refundDone,
  roles: ['root', 'super_admin', 'admin'],
  summary: 'Staff record a refund made by hand ("Remboursement à faire", CinetPay has no refund API)',
  async handler({ input, user, db }) {
    await findOrderInScope(db, user, input.orderId)
    await recordRefundDone(db, user.id, input.attemptId, input.orderId)
    return { ok: true as const }
  },
})
