import { userCalls } from '@/shared/calls'
import { sessionToken } from '@/server/http/auth-context'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { mustExist } from '@/server/http/errors'
import { endOtherSessions } from '@/server/services/people/own-sessions'

export default defineEndpoint({
  call: userCalls.endOtherSessions,
  roles: ['root', 'super_admin', 'admin', 'delivery_driver'],
  summary: 'Ends every session of the caller but the one making this call',
  async handler({ user, db, deps, req }) {
    const ended = await endOtherSessions(db, user.id, mustExist(sessionToken(req)))
    // Their live streams end now, not at the next look (docs/rules/orders.md#live).
    void deps.orderLive.check()
    return { ended }
  },
})
