import { campaignCalls } from '@/shared/calls/campaigns'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { reissuePayLink } from '@/server/services/campaigns'

export default defineEndpoint({
  call: campaignCalls.link,
  roles: ['client', 'user'],
  summary:
    'A client issues a new pay link for its own reservation (another’s answers 404); `revoke` makes every earlier link stop working, else they keep working for the relatives who hold them',
  async handler({ input, user, db, deps }) {
    return reissuePayLink(db, user, input, deps.payments.origin, 'owner')
  },
})
