import { userCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { createAccount } from '@/server/services/people/user-admin'

export default defineEndpoint({
  call: userCalls.createDriver,
  roles: ['root', 'super_admin', 'admin'],
  summary: 'Create a delivery driver (in the caller’s country unless root)',
  async handler({ input, user, db, reply }) {
    const created = await createAccount(db, user, input, 'delivery_driver')
    reply.status(201)
    return { user: created }
  },
})
