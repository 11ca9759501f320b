import { voucherCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { buyVoucher } from '@/server/services/money/vouchers/payment'

export default defineEndpoint({
  call: voucherCalls.buy,
  roles: ['client', 'user'],
  summary:
    'Buys a gift voucher for someone (a first name, a phone, a short message) in the buyer’s country: the voucher pending and its mobile money attempt, the provider’s checkout to open',
  async handler({ input, user, db, deps }) {
    return buyVoucher(db, deps.payments, user, input)
  },
})
