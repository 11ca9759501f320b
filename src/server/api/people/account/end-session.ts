import { userCalls } from '@/shared/calls'
import { clearSessionCookie, sessionToken } from '@/server/http/auth-context'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { notFound } from '@/server/http/errors'
import { hashToken } from '@/server/http/session'
import { endOwnSession } from '@/server/services/people/own-sessions'

export default defineEndpoint({
  call: userCalls.endSession,
  roles: ['root', 'super_admin', 'admin', 'delivery_driver'],
  summary: "Ends one of the caller's sessions (this one too: it is then signed out)",
  async handler({ input, user, db, deps, req, reply }) {
    const ended = await endOwnSession(db, user.id, input.id)
    if (ended === 0) throw notFound('Cette session est déjà terminée.')
    // Its live streams end with it (docs/rules/orders.md#live).
    deps.orderLive.endSession(input.id)
    const token = sessionToken(req)
    if (token && hashToken(token) === input.id) clearSessionCookie(reply, deps.config)
    return { ended }
  },
})
