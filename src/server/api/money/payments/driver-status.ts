import { paymentCalls } from '@/shared/calls/payments'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { paymentState, pollAttempt } from '@/server/services/money/payments'
import { driversOrder } from '@/server/services/money/payments/own-order'

export default defineEndpoint({
  call: paymentCalls.driverStatus,
  roles: ['delivery_driver'],
  summary:
    'The driver’s card waits for the payment at the door: its order’s payment, the pending attempt asked about',
  async handler({ input, user, db, deps }) {
    await driversOrder(db, user, input.orderId)
    await pollAttempt(db, deps.payments, input.orderId)
    return paymentState(db, input.orderId)
  },
})
