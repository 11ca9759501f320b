import { campaignSetupCalls } from '@/shared/calls/campaign-setup'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { updateSlot } from '@/server/services/campaigns'

export default defineEndpoint({
  call: campaignSetupCalls.slotUpdate,
  roles: ['root', 'super_admin', 'admin'],
  summary:
    'Edits a slot of a campaign of the caller’s country: kind, window, price, capacity (never below the places taken)',
  async handler({ input, user, db }) {
    return { slot: await updateSlot(db, user, input) }
  },
})
