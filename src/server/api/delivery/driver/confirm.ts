import { deliveryCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { conflict, notFound } from '@/server/http/errors'
import { ORDER_NOT_FOUND } from '@/server/services/orders/order-admin'
import { changeOrderStatus } from '@/server/services/orders/order-status'

export default defineEndpoint({
  call: deliveryCalls.confirm,
  roles: ['delivery_driver'],
  summary:
    'The assigned driver confirms its in_delivery order: delivered, paid, points credited, the cash collected recorded',
  async handler({ input, user, db }) {
    const order = await changeOrderStatus(
      db,
      user.id,
      input.orderId,
      'delivered',
      (locked) => {
        // Another driver's order answers as if absent.
        if (locked.deliveryDriverId !== user.id) throw notFound(ORDER_NOT_FOUND)
        if (locked.status !== 'in_delivery')
          throw conflict('Seules les commandes en livraison peuvent être confirmées.')
      },
      undefined,
      // docs/rules/money.md#drivers-cash: the amount due unless the driver says otherwise, with a reason.
      { amount: input.cashCollected, reason: input.cashReason },
    )
    return { order }
  },
})
