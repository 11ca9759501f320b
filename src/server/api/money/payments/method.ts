import { paymentCalls } from '@/shared/calls/payments'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { paymentState, setPaymentMethod } from '@/server/services/money/payments'
import { ownOrder } from '@/server/services/money/payments/own-order'

export default defineEndpoint({
  call: paymentCalls.method,
  roles: ['client', 'user'],
  summary: 'The client switches its unpaid order to cash at the door, or to mobile money with a wallet',
  async handler({ input, user, db, deps }) {
    await ownOrder(db, user, input.orderId)
    await setPaymentMethod(db, deps.payments, user.id, input.orderId, {
      method: input.method,
      wallet: input.wallet,
    })
    return paymentState(db, input.orderId)
  },
})
