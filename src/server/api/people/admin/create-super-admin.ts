import { userCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { createAccount } from '@/server/services/people/user-admin'

export default defineEndpoint({
  call: userCalls.createSuperAdmin,
  roles: ['root'],
  summary: 'Create a super admin for a country (root only)',
  async handler({ input, user, db, reply }) {
    const created = await createAccount(db, user, input, 'super_admin')
    reply.status(201)
    return { user: created }
  },
})
