import { voucherCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { voucherState } from '@/server/services/money/vouchers/state'

export default defineEndpoint({
  call: voucherCalls.one,
  roles: ['client', 'user'],
  summary:
    'The buyer’s gift voucher and its latest payment, as the waiting page polls it (a pending payment asked of its provider); another’s 404',
  async handler({ input, user, db, deps }) {
    return voucherState(db, deps.payments, user.id, input.id)
  },
})
