import { campaignOperationCalls } from '@/shared/calls/campaign-operations'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { cancelReservation } from '@/server/services/campaigns'

export default defineEndpoint({
  call: campaignOperationCalls.cancel,
  roles: ['root', 'super_admin', 'admin'],
  summary:
    'Cancels a reservation: the animal and slot freed, what was paid given back less the fee (kept after the refundable date), the client told',
  async handler({ input, user, db }) {
    return { reservation: await cancelReservation(db, user, input.reservationId) }
  },
})
