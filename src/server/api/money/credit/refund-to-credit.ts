import { creditCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { refundToCredit } from '@/server/services/money/payments/refund-to-credit'
import { loadOrder } from '@/server/services/orders/orders'

export default defineEndpoint({
  call: creditCalls.refundToCredit,
  roles: ['client', 'user'],
  summary:
    "The client takes what its own cancelled order still has to give back as store credit, at once (409 when nothing waits; another's order 404)",
  async handler({ input, user, db }) {
    const { credited } = await refundToCredit(db, user.id, input.orderId)
    return { credited, order: (await loadOrder(db, input.orderId))! }
  },
})
