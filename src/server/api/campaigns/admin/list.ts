import { campaignCalls } from '@/shared/calls/campaigns'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { staffCampaigns } from '@/server/services/campaigns'

export default defineEndpoint({
  call: campaignCalls.adminList,
  roles: ['root', 'super_admin', 'admin'],
  summary: 'The campaigns of the caller’s country (root: all, or countryId)',
  async handler({ input, user, db }) {
    return { campaigns: await staffCampaigns(db, user, input.countryId) }
  },
})
