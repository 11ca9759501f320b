import { userCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { createAccount } from '@/server/services/people/user-admin'

export default defineEndpoint({
  call: userCalls.create,
  roles: ['root', 'super_admin', 'admin'],
  summary: 'Create an account of a role the caller may create (country forced for non-root)',
  async handler({ input, user, db, reply }) {
    const { role, ...account } = input
    const created = await createAccount(db, user, account, role)
    reply.status(201)
    return { user: created }
  },
})
