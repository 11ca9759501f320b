import { clientCalls } from '@/shared/calls'
import { tooLateToCancel } from '@/shared/domain/order-status'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { conflict, notFound } from '@/server/http/errors'
import { changeOrderStatus } from '@/server/services/orders/order-status'
import { orderOwnership } from '@/server/services/orders/orders'

const NOT_FOUND = 'Commande non trouvée'

export default defineEndpoint({
  call: clientCalls.cancel,
  roles: ['client', 'user'],
  summary:
    'The client cancels its own order while it is pending, with a reason (409 once it is in preparation or later)',
  async handler({ input, user, db, deps }) {
    const owner = await orderOwnership(db, input.orderId)
    if (!owner || owner.userId !== user.id) throw notFound(NOT_FOUND)
    // docs/rules/orders.md#client-cancel: checked on the locked row, so a preparation started
    // meanwhile wins and nothing is written.
    const guard = (order: { status: string }) => {
      if (order.status === 'cancelled') throw conflict('Cette commande est déjà annulée.')
      if (order.status !== 'pending')
        throw conflict(
          `${tooLateToCancel(order.status as Parameters<typeof tooLateToCancel>[0])} Contactez la boutique.`,
        )
    }
    return {
      order: await changeOrderStatus(
        db,
        user.id,
        input.orderId,
        'cancelled',
        guard,
        deps.storefrontCache,
        undefined,
        input.reason,
      ),
    }
  },
})
