import { campaignCalls } from '@/shared/calls/campaigns'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { campaignReservationList } from '@/server/services/campaigns'

export default defineEndpoint({
  call: campaignCalls.reservations,
  roles: ['root', 'super_admin', 'admin'],
  summary:
    'A campaign’s reservations for staff of its country: client, animal or share, money, recipient, slot',
  async handler({ input, user, db }) {
    return { reservations: await campaignReservationList(db, user, input.campaignId, input.status) }
  },
})
