import { eq, sql } from 'drizzle-orm'
import { orderStatusLabels, type OrderStatus } from '@/shared/domain/order-status'
import { statusEffects } from '@/shared/domain/status-effects'
import type { Db } from '../db/client'
import { orders } from '../db/schema'
import { conflict, notFound } from '../http/errors'
import { recordCollection } from './cash'
import { lockUser, movePoints } from './loyalty'
import { recordOrderEvents, type OrderEvent } from './order-events'
import { loadOrder } from './orders'

type LockedOrder = typeof orders.$inferSelect

/**
 * The one way an order's status changes (staff update, driver confirmation), in one transaction
 * with the order row locked, so two changes of one order run one after the other:
 * - every change writes a 'status' event;
 * - becoming delivered credits floor(total/100) points once and marks the payment paid;
 * - leaving delivered takes those points back (the order stays paid unless cancelled);
 * - cancelling gives back the points the order spent and marks a paid order refunded;
 * - leaving cancelled debits the spent points again, if the balance allows (else 409).
 * - becoming delivered records the cash the order's driver collected (docs/rules.md#drivers-cash):
 *   `cash` is what the driver's confirmation says; without it (staff), the amount due.
 * `guard` checks the locked row (e.g. the driver's own in_delivery order) before any change.
 */
export async function changeOrderStatus(
  db: Db,
  actorId: number,
  orderId: number,
  to: OrderStatus,
  guard?: (order: LockedOrder) => void,
  cash?: { amount?: number; reason?: string },
) {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
    if (!order) throw notFound('Commande non trouvée')
    guard?.(order)
    const from = order.status
    if (from === to) throw conflict(`La commande a déjà le statut « ${orderStatusLabels[to]} ».`)

    const { pointsEarned, paymentStatus, moves } = statusEffects(order, to)

    if (moves.length > 0) {
      const user = await lockUser(tx, order.userId)
      const net = moves.reduce((sum, m) => sum + m.points, 0)
      if (!user || user.loyaltyPoints + net < 0) {
        throw conflict(
          from === 'cancelled'
            ? 'Le client n’a plus assez de points pour réactiver cette commande.'
            : 'Le client a déjà dépensé les points gagnés sur cette commande : impossible de les reprendre.',
        )
      }
      // Credits first (statusEffects orders them): the balance then never dips below its final
      // value (>= 0) midway, which the users_points_ck check would refuse (e.g. cancelling a
      // delivered order whose earned points are spent: take them back, give back the points it used).
      for (const m of moves) await movePoints(tx, { userId: order.userId, orderId: order.id, ...m })
    }

    // docs/rules.md#drivers-cash: the cash collected, in the same transaction (decision 0026),
    // before any row naming the driver is written (its lock comes first).
    if (to === 'delivered') await recordCollection(tx, order, actorId, cash)

    await tx
      .update(orders)
      .set({ status: to, paymentStatus, pointsEarned, updatedAt: sql`now()` })
      .where(eq(orders.id, order.id))
    const events: OrderEvent[] = [{ type: 'status', from, to }]
    if (paymentStatus !== order.paymentStatus)
      events.push({ type: 'payment', from: order.paymentStatus, to: paymentStatus })
    await recordOrderEvents(tx, order.id, actorId, events)
  })
  return (await loadOrder(db, orderId))!
}
