import { campaignOperationCalls } from '@/shared/calls/campaign-operations'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { assignEveDriver } from '@/server/services/campaigns'

export default defineEndpoint({
  call: campaignOperationCalls.assignDriver,
  roles: ['root', 'super_admin', 'admin'],
  summary:
    'Gives a ready reservation of a delivery slot to an active driver of the campaign’s country (another’s 404; a collection slot 409)',
  async handler({ input, user, db }) {
    return { reservation: await assignEveDriver(db, user, input.reservationId, input.driverId) }
  },
})
