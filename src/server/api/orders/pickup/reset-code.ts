import { shopCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { resetPickupCode } from '@/server/services/orders/pickup'

export default defineEndpoint({
  call: shopCalls.resetCode,
  roles: ['root', 'super_admin'],
  summary: 'Reopen the hand-over of a pickup order locked by wrong codes (the count back to 0)',
  async handler({ input, user, db }) {
    const order = await resetPickupCode(db, user, input.orderId)
    return { order: { ...order, events: [], refunds: [] } }
  },
})
