import { campaignCalls } from '@/shared/calls/campaigns'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { createCampaign } from '@/server/services/campaigns'

export default defineEndpoint({
  call: campaignCalls.create,
  roles: ['root', 'super_admin', 'admin'],
  summary:
    'Creates a campaign in the caller’s country (root: the country named): dates, deposit and cancellation rules, services and prices',
  async handler({ input, user, db }) {
    return { campaign: await createCampaign(db, user, input) }
  },
})
