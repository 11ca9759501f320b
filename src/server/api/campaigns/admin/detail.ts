import { campaignSetupCalls } from '@/shared/calls/campaign-setup'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { campaignDetail } from '@/server/services/campaigns'

export default defineEndpoint({
  call: campaignSetupCalls.detail,
  roles: ['root', 'super_admin', 'admin'],
  summary:
    'One campaign of the caller’s country whole: its rules, every animal, its shares, its slots’ capacities',
  async handler({ input, user, db }) {
    return await campaignDetail(db, user, input.campaignId)
  },
})
