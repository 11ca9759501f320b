import { eq, sql } from 'drizzle-orm'
import { orderStatusLabels, type OrderStatus, type PaymentStatus } from '../../shared/domain/order-status'
import { pointsEarnedFor } from '../../shared/domain/pricing'
import type { Db } from '../db/client'
import { orderEvents, orders } from '../db/schema'
import { conflict, notFound } from '../http/errors'
import { lockUser, movePoints } from './loyalty'
import { loadOrder } from './orders'

export type LockedOrder = typeof orders.$inferSelect

/**
 * The one way an order's status changes (staff update, driver confirmation), in one transaction
 * with the order row locked, so two changes of one order run one after the other:
 * - every change writes a 'status' event;
 * - becoming delivered credits floor(total/100) points once and marks the payment paid;
 * - leaving delivered takes those points back (the order stays paid unless cancelled);
 * - cancelling gives back the points the order spent and marks a paid order refunded;
 * - leaving cancelled debits the spent points again, if the balance allows (else 409).
 * `guard` checks the locked row (e.g. the driver's own in_delivery order) before any change.
 */
export async function changeOrderStatus(
  db: Db,
  actorId: number,
  orderId: number,
  to: OrderStatus,
  guard?: (order: LockedOrder) => void,
) {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
    if (!order) throw notFound('Commande non trouvée')
    guard?.(order)
    const from = order.status
    if (from === to) throw conflict(`La commande a déjà le statut « ${orderStatusLabels[to]} ».`)

    let pointsEarned = order.pointsEarned
    let paymentStatus: PaymentStatus = order.paymentStatus
    const moves: { type: 'earned' | 'redeemed'; points: number; description: string }[] = []

    if (from === 'delivered' && pointsEarned > 0) {
      moves.push({
        type: 'earned',
        points: -pointsEarned,
        description: `Points repris : commande #${order.id} n'est plus livrée`,
      })
      pointsEarned = 0
    }
    if (from === 'cancelled' && order.pointsUsed > 0) {
      moves.push({
        type: 'redeemed',
        points: -order.pointsUsed,
        description: `Points utilisés sur la commande #${order.id} (réactivée)`,
      })
    }
    if (to === 'cancelled') {
      if (order.pointsUsed > 0) {
        moves.push({
          type: 'redeemed',
          points: order.pointsUsed,
          description: `Points rendus : commande #${order.id} annulée`,
        })
      }
      if (paymentStatus === 'paid') paymentStatus = 'refunded'
    }
    if (to === 'delivered') {
      const earned = pointsEarnedFor(order.totalAmount)
      if (earned > 0)
        moves.push({
          type: 'earned',
          points: earned,
          description: `Points gagnés sur la commande #${order.id}`,
        })
      pointsEarned = earned
      paymentStatus = 'paid'
    }

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
      // Credits first: the balance then never dips below its final value (>= 0) midway, which
      // the users_points_ck check would refuse (e.g. cancelling a delivered order whose earned
      // points are spent: take them back, give back the points it used, net positive).
      const ordered = [...moves].sort((a, b) => b.points - a.points)
      for (const m of ordered) await movePoints(tx, { userId: order.userId, orderId: order.id, ...m })
    }

    await tx
      .update(orders)
      .set({ status: to, paymentStatus, pointsEarned, updatedAt: sql`now()` })
      .where(eq(orders.id, order.id))
    const events: (typeof orderEvents.$inferInsert)[] = [
      { orderId: order.id, actorId, type: 'status', fromValue: from, toValue: to },
    ]
    if (paymentStatus !== order.paymentStatus) {
      events.push({
        orderId: order.id,
        actorId,
        type: 'payment',
        fromValue: order.paymentStatus,
        toValue: paymentStatus,
      })
    }
    await tx.insert(orderEvents).values(events)
  })
  return (await loadOrder(db, orderId))!
}
