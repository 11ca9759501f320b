import { couponCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { createCoupon } from '@/server/services/money/coupons'

export default defineEndpoint({
  call: couponCalls.createCoupon,
  roles: ['root', 'super_admin'],
  summary:
    'Create a promotion code (percent or amount, budget in uses or francs, limit per phone): root in any country, a super_admin in its own',
  async handler({ input, user, db, reply }) {
    const coupon = await createCoupon(db, user, input)
    reply.status(201)
    return { coupon }
  },
})
