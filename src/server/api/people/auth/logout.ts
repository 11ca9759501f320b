import { authCalls } from '@/shared/calls'
import { clearSessionCookie, sessionToken } from '@/server/http/auth-context'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { deleteSession, hashToken } from '@/server/http/session'

export default defineEndpoint({
  call: authCalls.logout,
  roles: 'public',
  summary: 'End the current session',
  async handler({ db, deps, req, reply }) {
    const token = sessionToken(req)
    if (token) {
      await deleteSession(db, token)
      // Its live streams end with it (docs/rules/orders.md#live).
      deps.orderLive.endSession(hashToken(token))
    }
    clearSessionCookie(reply, deps.config)
    return { success: true as const }
  },
})
