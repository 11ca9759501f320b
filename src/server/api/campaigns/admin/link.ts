import { campaignCalls } from '@/shared/calls/campaigns'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { reissuePayLink } from '@/server/services/campaigns'

export default defineEndpoint({
  call: campaignCalls.adminLink,
  roles: ['root', 'super_admin', 'admin'],
  summary:
    'Staff issue a new pay link for a reservation of their country (another country’s answers 404), answered and sent to the client by the channels it chose; `revoke` makes every earlier link stop working',
  async handler({ input, user, db, deps }) {
    return reissuePayLink(db, user, input, deps.payments.origin, 'staff')
  },
})
