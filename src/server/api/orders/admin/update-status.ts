import { orderCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { findOrderInScope } from '@/server/services/orders/order-admin'
import { changeOrderStatus, staffSaw } from '@/server/services/orders/order-status'

export default defineEndpoint({
  call: orderCalls.updateStatus,
  roles: ['root', 'super_admin', 'admin'],
  summary:
    'Sets any status other than the current one, with its points and payment effects (409 when the order is no longer in the status `from` the caller saw)',
  async handler({ input, user, db, deps }) {
    await findOrderInScope(db, user, input.orderId)
    return {
      order: await changeOrderStatus(
        db,
        user.id,
        input.orderId,
        input.status,
        // Only on the status the staff member saw: a client's cancel that came first wins
        // (docs/rules/orders.md#order-status).
        staffSaw(input.from, input.status),
        deps.storefrontCache,
        undefined,
        input.reason,
      ),
    }
  },
})
