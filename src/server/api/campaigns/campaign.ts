import { campaignClientCalls } from '@/shared/calls/campaign-client'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { oneOpenCampaign } from '@/server/services/campaigns'

export default defineEndpoint({
  call: campaignClientCalls.campaign,
  roles: 'public',
  loadUser: true,
  summary:
    'One open campaign (its page, whatever the caller’s country: a shared link opens for anyone): dates, deposit rule, services’ prices, cutting offered, slots with places left, shares; 404 when not open (unless the caller holds a reservation in it)',
  async handler({ input, user, db }) {
    return oneOpenCampaign(db, input.campaignId, user?.id ?? null)
  },
})
