import { voucherCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { perMinute } from '@/server/http/rate-limits'
import { redeemVoucher } from '@/server/services/money/vouchers/redeem'

export default defineEndpoint({
  call: voucherCalls.redeem,
  roles: ['client', 'user'],
  rateLimit: (config) => perMinute(config.VOUCHER_REDEEM_PER_MINUTE),
  summary:
    'Adds a paid gift voucher to the signed-in client’s store credit by its code, once (409 used); a wrong code 400/404, counted: 5 in 15 minutes, 429',
  async handler({ input, user, db }) {
    return redeemVoucher(db, user.id, input.code)
  },
})
