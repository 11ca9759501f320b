import { campaignCalls } from '@/shared/calls/campaigns'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { updateCampaign } from '@/server/services/campaigns'

export default defineEndpoint({
  call: campaignCalls.update,
  roles: ['root', 'super_admin', 'admin'],
  summary: 'Edits a campaign of the caller’s country: dates, rules, services and prices',
  async handler({ input, user, db }) {
    return { campaign: await updateCampaign(db, user, input) }
  },
})
