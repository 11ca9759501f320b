import { campaignOperationCalls } from '@/shared/calls/campaign-operations'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { applyStep } from '@/server/services/campaigns'

export default defineEndpoint({
  call: campaignOperationCalls.step,
  roles: ['root', 'super_admin', 'admin'],
  summary:
    'Marks a reservation ready, then delivered or collected (balance paid; points credited once); 409 on a wrong step',
  async handler({ input, user, db }) {
    return { reservation: await applyStep(db, user, input.reservationId, input.step) }
  },
})
