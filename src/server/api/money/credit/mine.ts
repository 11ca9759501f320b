import { creditCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { creditStatement } from '@/server/services/money/store-credit'

export default defineEndpoint({
  call: creditCalls.mine,
  roles: ['client', 'user'],
  summary: "The client's store credit: its balance (per country) and its latest movements, newest first",
  async handler({ user, db }) {
    return creditStatement(db, user.id)
  },
})
