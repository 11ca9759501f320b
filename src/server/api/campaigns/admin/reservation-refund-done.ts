import { campaignOperationCalls } from '@/shared/calls/campaign-operations'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { reservationRefundDone } from '@/server/services/campaigns'

export default defineEndpoint({
  call: campaignOperationCalls.refundDone,
  roles: ['root', 'super_admin', 'admin'],
  summary: 'Staff record a reservation’s refund made by hand ("Remboursement à faire"), the client told',
  async handler({ input, user, db }) {
    return { reservation: await reservationRefundDone(db, user, input.reservationId, input.attemptId) }
  },
})
