import { cashCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { collectRest } from '@/server/services/money/partly-paid'

export default defineEndpoint({
  call: cashCalls.collectRest,
  roles: ['root', 'super_admin', 'admin'],
  summary:
    'Staff record the rest of a delivered, partly paid order as cash collected by its driver: paid once nothing is owed, its points earned on what is paid',
  async handler({ input, user, db }) {
    return { order: await collectRest(db, user, input) }
  },
})
