import { campaignClientCalls } from '@/shared/calls/campaign-client'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { chooseServices } from '@/server/services/campaigns'

export default defineEndpoint({
  call: campaignClientCalls.choose,
  roles: ['client', 'user'],
  summary:
    'The owner chooses slaughter, cutting, keeping, a slot and the recipient of a reservation whose deposit is in: priced from the campaign, 400 for a service not offered or a total below what was paid, 409 when the slot is full; another’s reservation 404',
  async handler({ input, user, db }) {
    return { reservation: await chooseServices(db, user.id, input) }
  },
})
