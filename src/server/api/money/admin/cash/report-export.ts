import { cashCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { cashReportCsv } from '@/server/services/money/reports/cash-csv'
import { sendCsv } from '@/server/services/money/reports/send-csv'

export default defineEndpoint({
  call: cashCalls.exportReport,
  roles: ['root', 'super_admin', 'admin'],
  summary:
    'The daily cash report as CSV (per driver and in total, the orders that still owe, the day’s entries): UTF-8 with BOM, ; separated',
  async handler({ input, user, db, reply }) {
    const { name, pieces } = await cashReportCsv(db, user, input)
    return sendCsv(reply, name, pieces)
  },
})
