import { paymentCalls } from '@/shared/calls/payments'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { startAttempt } from '@/server/services/money/payments'
import { ownOrder } from '@/server/services/money/payments/own-order'

export default defineEndpoint({
  call: paymentCalls.start,
  roles: ['client', 'user'],
  summary:
    'The client pays its order by mobile money: an attempt (resumed while open) and the provider’s checkout address; 503 when the provider is down',
  async handler({ input, user, db, deps }) {
    await ownOrder(db, user, input.orderId)
    const attempt = await startAttempt(db, deps.payments, user, input.orderId, {
      wallet: input.wallet,
      accept: input.accept,
      total: input.total,
      returnPath: `/order-confirmation/${input.orderId}/paiement`,
    })
    return { attempt }
  },
})
