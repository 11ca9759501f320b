import { reportCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { productsCsv } from '@/server/services/money/reports/products-csv'
import { reportCountry } from '@/server/services/money/reports/scope'
import { sendCsv } from '@/server/services/money/reports/send-csv'

export default defineEndpoint({
  call: reportCalls.exportProducts,
  roles: ['root', 'super_admin'],
  summary: 'The catalogue as CSV, in the import’s format: a super admin its country, root one or all',
  async handler({ input, user, db, reply }) {
    const countryId = await reportCountry(db, user, input.countryId)
    return sendCsv(reply, 'produits', productsCsv(db, countryId))
  },
})
