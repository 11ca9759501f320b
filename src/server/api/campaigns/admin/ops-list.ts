import { campaignOperationCalls } from '@/shared/calls/campaign-operations'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { campaignOperations } from '@/server/services/campaigns'

export default defineEndpoint({
  call: campaignOperationCalls.list,
  roles: ['root', 'super_admin', 'admin'],
  summary:
    'A campaign’s reservations as worked on the feast days, by slot then tag: client, services, recipient, money, refunds',
  async handler({ input, user, db }) {
    const { campaignId, ...filters } = input
    return campaignOperations(db, user, campaignId, filters)
  },
})
