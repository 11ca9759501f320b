import { campaignOperationCalls } from '@/shared/calls/campaign-operations'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { recordCash } from '@/server/services/campaigns'

export default defineEndpoint({
  call: campaignOperationCalls.cash,
  roles: ['root', 'super_admin', 'admin'],
  summary: 'Records cash taken at the shop for a reservation (an instalment’s bounds), with who took it',
  async handler({ input, user, db }) {
    return { reservation: await recordCash(db, user, input.reservationId, input.amount) }
  },
})
