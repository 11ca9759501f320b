import { clientCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { findClientOrders } from '@/server/services/orders/client-orders'
import { creditBalanceIn } from '@/server/services/money/store-credit'

/** How many recent orders the client dashboard lists. */
const DASHBOARD_ORDERS = 10

export default defineEndpoint({
  call: clientCalls.dashboard,
  roles: ['client', 'user'],
  summary: "The client's points, what a point is worth, its store credit and its latest orders",
  async handler({ user, db, deps }) {
    const [orders, creditBalance] = await Promise.all([
      findClientOrders(db, user.id, { limit: DASHBOARD_ORDERS }),
      user.countryId == null ? 0 : creditBalanceIn(db, user.id, user.countryId),
    ])
    // user is read afresh for each request, so its balance is current.
    return {
      loyaltyPoints: user.loyaltyPoints,
      pointValueInCfa: deps.config.LOYALTY_POINT_VALUE,
      creditBalance,
      orders,
    }
  },
})
