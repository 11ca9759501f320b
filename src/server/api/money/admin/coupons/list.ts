import { couponCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { listCoupons } from '@/server/services/money/coupons'

export default defineEndpoint({
  call: couponCalls.coupons,
  roles: ['root', 'super_admin'],
  summary: 'Promotion codes, newest first, searched by code: root all, a super_admin its country',
  async handler({ input, user, db }) {
    return listCoupons(db, user, input)
  },
})
