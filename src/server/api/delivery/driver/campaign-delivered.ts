import { deliveryCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { deliverOnEve } from '@/server/services/campaigns'

export default defineEndpoint({
  call: deliveryCalls.eveDelivered,
  roles: ['delivery_driver'],
  summary:
    'The driver delivers its own ready campaign reservation, collecting the whole balance in cash into its ledger; points credited',
  async handler({ input, user, db }) {
    return deliverOnEve(db, user.id, input.reservationId, input.cashCollected)
  },
})
