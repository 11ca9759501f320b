import { campaignCalls } from '@/shared/calls/campaigns'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { createShare } from '@/server/services/campaigns'

export default defineEndpoint({
  call: campaignCalls.shareCreate,
  roles: ['root', 'super_admin', 'admin'],
  summary:
    'Adds a share sold by count (a half, a quarter) with its stock to a campaign of the caller’s country',
  async handler({ input, user, db }) {
    return { share: await createShare(db, user, input) }
  },
})
