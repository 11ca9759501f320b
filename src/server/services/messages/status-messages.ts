import { and, desc, eq, inArray } from 'drizzle-orm'
import { isCorrection, type OrderStatus } from '@/shared/domain/order-status'
import type { MessageKind } from '@/shared/domain/messages'
import type { Executor } from '@/server/db/client'
import { outboxMessages, users } from '@/server/db/schema'
import { enqueueOrderMessage } from './outbox'
import { firstName } from './render'

/** The message each status tells the client; the other statuses send none. */
const statusMessages: Partial<Record<OrderStatus, MessageKind>> = {
  in_delivery: 'out_for_delivery',
  delivered: 'delivered',
  cancelled: 'cancelled',
}
const statusKinds = Object.values(statusMessages)

/**
 * The message a change of status sends the client (docs/rules/orders.md#messages), written in the
 * transaction of the change: out for delivery (with the driver's first name and phone as they are
 * now), delivered (with the points earned), cancelled (with its reason). A correction (a move back,
 * or out of cancelled: isCorrection) sends nothing, and neither does a status the client's last
 * status message already told it (delivered, corrected back to in delivery, then delivered again:
 * one "livrée").
 */
export async function enqueueStatusMessage(
  tx: Executor,
  order: {
    id: number
    deliveryDriverId: number | null
    pointsEarned: number
    fulfilment?: string
    pickupCode?: string | null
  },
  from: OrderStatus,
  to: OrderStatus,
  cancelReason?: string | null,
) {
  const kind = statusMessages[to]
  if (!kind || isCorrection(from, to)) return
  const [last] = await tx
    .select({ kind: outboxMessages.kind })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.orderId, order.id), inArray(outboxMessages.kind, statusKinds)))
    .orderBy(desc(outboxMessages.id))
    .limit(1)
  if (last?.kind === kind) return
  // docs/rules/pickup.md#messages: "prête" carries the collection code.
  if (kind === 'out_for_delivery' && order.fulfilment === 'pickup') {
    await enqueueOrderMessage(tx, order.id, kind, { pickupCode: order.pickupCode })
  } else if (kind === 'out_for_delivery') {
    const [driver] = order.deliveryDriverId
      ? await tx
          .select({ name: users.displayName, phone: users.phoneNumber })
          .from(users)
          .where(eq(users.id, order.deliveryDriverId))
      : []
    await enqueueOrderMessage(
      tx,
      order.id,
      kind,
      driver ? { driverFirstName: firstName(driver.name), driverPhone: driver.phone } : {},
    )
  } else if (kind === 'delivered') {
    await enqueueOrderMessage(tx, order.id, kind, { pointsEarned: order.pointsEarned })
  } else {
    await enqueueOrderMessage(tx, order.id, kind, cancelReason ? { cancelReason } : {})
  }
}
