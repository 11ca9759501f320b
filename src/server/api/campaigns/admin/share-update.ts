import { campaignSetupCalls } from '@/shared/calls/campaign-setup'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { updateShare } from '@/server/services/campaigns'

export default defineEndpoint({
  call: campaignSetupCalls.shareUpdate,
  roles: ['root', 'super_admin', 'admin'],
  summary: 'Edits a share of a campaign of the caller’s country: name, price, stock left',
  async handler({ input, user, db }) {
    return { share: await updateShare(db, user, input) }
  },
})
