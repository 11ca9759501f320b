import { couponCalls } from '@/shared/calls'
import { priceOrder } from '@/shared/domain/pricing'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { judgeCoupon } from '@/server/services/money/coupons'

export default defineEndpoint({
  call: couponCalls.checkCoupon,
  roles: ['client', 'user'],
  summary:
    "The cart's question: the discount a code gives on these goods, or why it does not apply, in French (the checkout decides again)",
  async handler({ input, user, db }) {
    // The goods after the account's own discount, as the checkout takes the coupon's share of them.
    const base = priceOrder([{ unitPrice: input.subtotal, quantity: 1 }], user.customDiscountPercent)
    const { coupon, verdict } = await judgeCoupon(db, user, input.code, base.subtotal - base.discountAmount)
    const code = coupon?.code ?? input.code
    if (!verdict.ok) return { applies: false, code, discount: 0, message: verdict.message }
    return { applies: true, code, discount: verdict.discount, message: `Code « ${code} » appliqué.` }
  },
})
