import { shopCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { startAttempt } from '@/server/services/money/payments'
import { readyPickupInScope } from '@/server/services/orders/pickup'

export default defineEndpoint({
  call: shopCalls.counterPayment,
  roles: ['root', 'super_admin', 'admin'],
  summary:
    'At the counter: staff have a ready pickup order paid by mobile money (a QR code and a link to the provider’s page), as a driver at the door',
  async handler({ input, user, db, deps }) {
    await readyPickupInScope(db, user, input.orderId)
    const attempt = await startAttempt(db, deps.payments, user, input.orderId, {
      wallet: null,
      returnPath: '/paiement/merci',
    })
    return { attempt }
  },
})
