import { userCalls } from '@/shared/calls'
import { sessionToken } from '@/server/http/auth-context'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { listOwnSessions } from '@/server/services/people/own-sessions'

export default defineEndpoint({
  call: userCalls.sessions,
  roles: ['root', 'super_admin', 'admin', 'delivery_driver'],
  summary: "The caller's active sessions: device, opened, last used, IP",
  async handler({ user, db, req }) {
    return { sessions: await listOwnSessions(db, user.id, sessionToken(req)) }
  },
})
