import { couponCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { stopCoupon } from '@/server/services/money/coupons'

export default defineEndpoint({
  call: couponCalls.stopCoupon,
  roles: ['root', 'super_admin'],
  summary: 'Stop a promotion code for good: no order takes it any more, its orders keep their discount',
  async handler({ input, user, db }) {
    return { coupon: await stopCoupon(db, user, input.id) }
  },
})
