import { reportCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { ordersCsv } from '@/server/services/money/reports/orders-csv'
import { sendCsv } from '@/server/services/money/reports/send-csv'

export default defineEndpoint({
  call: reportCalls.exportOrders,
  roles: ['root', 'super_admin', 'admin'],
  summary:
    'The staff order list as CSV (the list’s filters, every row), streamed in batches: UTF-8 with BOM, ; separated',
  async handler({ input, user, db, reply }) {
    return sendCsv(reply, 'commandes', await ordersCsv(db, user, input))
  },
})
