import { eq } from 'drizzle-orm'
import type { OrderStatus } from '@/shared/domain/order-status'
import type { Executor } from '@/server/db/client'
import { users } from '@/server/db/schema'
import { enqueueOrderMessage } from './outbox'
import { firstName } from './render'

/**
 * The message a change of status sends the client (docs/rules.md#messages), written in the
 * transaction of the change: out for delivery (with the driver's first name and phone as they are
 * now), delivered (with the points earned), cancelled. Other statuses send nothing.
 */
export async function enqueueStatusMessage(
  tx: Executor,
  order: { id: number; deliveryDriverId: number | null; pointsEarned: number },
  to: OrderStatus,
) {
  if (to === 'in_delivery') {
    const [driver] = order.deliveryDriverId
      ? await tx
          .select({ name: users.displayName, phone: users.phoneNumber })
          .from(users)
          .where(eq(users.id, order.deliveryDriverId))
      : []
    await enqueueOrderMessage(
      tx,
      order.id,
      'out_for_delivery',
      driver ? { driverFirstName: firstName(driver.name), driverPhone: driver.phone } : {},
    )
  } else if (to === 'delivered') {
    await enqueueOrderMessage(tx, order.id, 'delivered', { pointsEarned: order.pointsEarned })
  } else if (to === 'cancelled') {
    await enqueueOrderMessage(tx, order.id, 'cancelled')
  }
}
