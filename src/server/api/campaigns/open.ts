import { campaignCalls } from '@/shared/calls/campaigns'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { openCampaigns } from '@/server/services/campaigns'

export default defineEndpoint({
  call: campaignCalls.open,
  roles: 'public',
  loadUser: true,
  summary:
    'The campaigns open for ordering in a country (countryId, else the signed-in caller’s, else every country): dates, deposit and cancellation rules, services, slots, shares',
  async handler({ input, user, db }) {
    return { campaigns: await openCampaigns(db, input.countryId ?? user?.countryId ?? null) }
  },
})
