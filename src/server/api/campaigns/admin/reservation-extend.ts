import { campaignOperationCalls } from '@/shared/calls/campaign-operations'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { extendDueDate } from '@/server/services/campaigns'

export default defineEndpoint({
  call: campaignOperationCalls.extend,
  roles: ['root', 'super_admin', 'admin'],
  summary: 'Gives one reservation with a balance left a later due date (no later than the feast)',
  async handler({ input, user, db }) {
    return { reservation: await extendDueDate(db, user, input.reservationId, input.dueAt) }
  },
})
