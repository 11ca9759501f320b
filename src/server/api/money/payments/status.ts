import { paymentCalls } from '@/shared/calls/payments'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { paymentState, pollAttempt } from '@/server/services/money/payments'
import { ownOrder } from '@/server/services/money/payments/own-order'

export default defineEndpoint({
  call: paymentCalls.status,
  roles: ['client', 'user'],
  summary:
    'The client’s waiting page: its order’s payment; an attempt still pending is asked about at most every 3 s',
  async handler({ input, user, db, deps }) {
    await ownOrder(db, user, input.orderId)
    await pollAttempt(db, deps.payments, input.orderId)
    return paymentState(db, input.orderId)
  },
})
