import { campaignCalls } from '@/shared/calls/campaigns'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { createSlot } from '@/server/services/campaigns'

export default defineEndpoint({
  call: campaignCalls.slotCreate,
  roles: ['root', 'super_admin', 'admin'],
  summary:
    'Adds a delivery (on the eve) or collection slot with its capacity and price to a campaign of the caller’s country',
  async handler({ input, user, db }) {
    return { slot: await createSlot(db, user, input) }
  },
})
