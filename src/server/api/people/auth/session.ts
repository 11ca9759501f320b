import { authCalls } from '@/shared/calls'
import { currentUser } from '@/server/http/auth-context'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { unauthorized } from '@/server/http/errors'

export default defineEndpoint({
  call: authCalls.session,
  roles: 'public',
  summary: 'The signed-in user, or 401',
  async handler({ req, reply, db, deps }) {
    const user = await currentUser(req, reply, db, deps.config)
    if (!user) throw unauthorized()
    return { user }
  },
})
