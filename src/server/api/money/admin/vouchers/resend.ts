import { voucherCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { resendVoucherCode } from '@/server/services/money/vouchers/staff'

export default defineEndpoint({
  call: voucherCalls.resendVoucher,
  roles: ['root', 'super_admin'],
  summary:
    'Sends a paid gift voucher’s code again, a new one (the old stops working), to the recipient’s phone as corrected; the buyer told; used or cancelled 409',
  async handler({ input, user, db }) {
    return { voucher: await resendVoucherCode(db, user, input.id, input.recipientPhone) }
  },
})
