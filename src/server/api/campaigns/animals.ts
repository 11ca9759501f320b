import { campaignCalls } from '@/shared/calls/campaigns'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { campaignAnimalsList } from '@/server/services/campaigns'

export default defineEndpoint({
  call: campaignCalls.animals,
  roles: 'public',
  summary:
    'An open campaign’s animals, each its own listing (expired holds returned first); 404 for a campaign not open',
  async handler({ input, db }) {
    return { animals: await campaignAnimalsList(db, input.campaignId) }
  },
})
