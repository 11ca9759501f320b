import { campaignClientCalls } from '@/shared/calls/campaign-client'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { newPayLink } from '@/server/services/campaigns'

export default defineEndpoint({
  call: campaignClientCalls.newLink,
  roles: ['client', 'user'],
  summary:
    'A new pay link for the owner’s reservation, to send to family (its token answered once, kept hashed); the old link stops working; another’s reservation 404',
  async handler({ input, user, db, deps }) {
    return newPayLink(db, user.id, input.reservationId, deps.payments.origin)
  },
})
