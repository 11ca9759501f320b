import { couponCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { updateCoupon } from '@/server/services/money/coupons'

export default defineEndpoint({
  call: couponCalls.updateCoupon,
  roles: ['root', 'super_admin'],
  summary: "Change a promotion code's terms; a budget never goes below what is already used",
  async handler({ input, user, db }) {
    return { coupon: await updateCoupon(db, user, input) }
  },
})
