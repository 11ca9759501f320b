import { creditCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { creditStatement } from '@/server/services/money/store-credit'
import { findUserInReach } from '@/server/services/people/user-admin'

export default defineEndpoint({
  call: creditCalls.userCredit,
  roles: ['root', 'super_admin', 'admin'],
  summary: "A client's store credit and its movements, for staff (scope as the users list)",
  async handler({ input, user, db }) {
    const target = await findUserInReach(db, user, input.userId)
    return creditStatement(db, target.id)
  },
})
