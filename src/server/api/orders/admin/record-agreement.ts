import { orderCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { findOrderInScope } from '@/server/services/orders/order-admin'
import { answerWeighIn } from '@/server/services/orders/weighin'

export default defineEndpoint({
  call: orderCalls.recordAgreement,
  roles: ['root', 'super_admin', 'admin'],
  summary:
    "Records the client's agreement, given by phone, to the weighed total named (409 if weighed again since)",
  async handler({ input, user, db }) {
    await findOrderInScope(db, user, input.orderId)
    return { order: await answerWeighIn(db, user.id, input.orderId, 'phone', input.total) }
  },
})
