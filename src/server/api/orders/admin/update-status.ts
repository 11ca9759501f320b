import { orderCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { findOrderInScope } from '@/server/services/orders/order-admin'
import { changeOrderStatus } from '@/server/services/orders/order-status'

export default defineEndpoint({
  call: orderCalls.updateStatus,
  roles: ['root', 'super_admin', 'admin'],
  summary: 'Sets any status other than the current one, with its points and payment effects',
  async handler({ input, user, db, deps }) {
    await findOrderInScope(db, user, input.orderId)
    return {
      order: await changeOrderStatus(
        db,
        user.id,
        input.orderId,
        input.status,
        undefined,
        deps.storefrontCache,
        undefined,
        input.reason,
      ),
    }
  },
})
