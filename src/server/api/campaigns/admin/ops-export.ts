import { campaignOperationCalls } from '@/shared/calls/campaign-operations'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { operationsCsv } from '@/server/services/campaigns'
import { sendCsv } from '@/server/services/money/reports/send-csv'

export default defineEndpoint({
  call: campaignOperationCalls.export,
  roles: ['root', 'super_admin', 'admin'],
  summary: 'A campaign’s reservations as CSV (the list’s filters): UTF-8 with BOM, ; separated, whole F CFA',
  async handler({ input, user, db, reply }) {
    const { campaignId, ...filters } = input
    return sendCsv(reply, 'reservations', await operationsCsv(db, user, campaignId, filters))
  },
})
