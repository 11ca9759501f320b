import { cashCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { cashReport } from '@/server/services/money/cash-report'

export default defineEndpoint({
  call: cashCalls.report,
  roles: ['root', 'super_admin', 'admin'],
  summary:
    'The daily cash report of a country (its own for staff, any for root), per driver and in total, for a day in the country’s time zone',
  async handler({ input, user, db }) {
    return cashReport(db, user, input)
  },
})
