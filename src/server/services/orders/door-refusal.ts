import type { Db } from '@/server/db/client'
import { doorRefusals } from '@/server/db/schema'
import { conflict, notFound } from '@/server/http/errors'
import { refusalReasons, type RefusalReason } from '@/shared/domain/door-refusals'
import { changeOrderStatus } from './order-status'
import { ORDER_NOT_FOUND } from './order-admin'

/**
 * The assigned driver's "Refusé à la porte": its in_delivery order is cancelled (the reason is
 * the client's to read) and the refusal kept with the delivery phone, in one transaction.
 */
export async function refuseAtDoor(
  db: Db,
  driverId: number,
  input: { orderId: number; reason: RefusalReason; note?: string },
) {
  const label = refusalReasons[input.reason]
  const reason = `Refusée à la porte : ${label}${input.note ? ` (${input.note})` : ''}`
  return db.transaction(async (tx) => {
    const order = await changeOrderStatus(
      tx as unknown as Db,
      driverId,
      input.orderId,
      'cancelled',
      (locked) => {
        if (locked.deliveryDriverId !== driverId) throw notFound(ORDER_NOT_FOUND)
        if (locked.status !== 'in_delivery')
          throw conflict('Seules les commandes en livraison peuvent être refusées à la porte.')
      },
      undefined,
      undefined,
      reason,
    )
    await tx.insert(doorRefusals).values({
      orderId: order.id,
      phone: order.deliveryPhone,
      reason: input.reason,
      note: input.note || null,
      driverId,
    })
    return order
  })
}
