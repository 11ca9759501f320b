import { voucherCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { listVouchers } from '@/server/services/money/vouchers/staff'

export default defineEndpoint({
  call: voucherCalls.adminVouchers,
  roles: ['root', 'super_admin'],
  summary:
    'Gift vouchers, newest first, by state and searched by a name or a phone: root all, a super_admin its country (never a code)',
  async handler({ input, user, db }) {
    return listVouchers(db, user, input)
  },
})
