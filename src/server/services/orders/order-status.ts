import { eq, sql } from 'drizzle-orm'
import { orderStatusLabels, type OrderStatus } from '@/shared/domain/order-status'
import { PICKUP_NEEDS_CODE } from '@/shared/domain/pickup'
import { statusEffects } from '@/shared/domain/status-effects'
import type { Db } from '@/server/db/client'
import { orders } from '@/server/db/schema'
import { conflict, notFound } from '@/server/http/errors'
import { releaseSlotPlace, retakeSlotPlace } from '../delivery/delivery-slots'
import { planCollection, recordCollection } from '../money/cash'
import { lockUser, movePoints } from '../money/loyalty'
import { giveBackCoupon, retakeCoupon } from '../money/coupons'
import { enqueueStatusMessage } from '../messages/status-messages'
import { recordOrderEvents, type OrderEvent } from './order-events'
import { loadOrder } from './orders'
import { assertWeighedForDelivery } from './weighin'
import { assertConfirmed } from './confirmation'
import { assertPaidForDelivery, flagRefundsOnCancel } from '../money/payments'
import { drawStockAgain, giveBackStock } from '../catalogue/stock'
import type { StorefrontCache } from '../catalogue/storefront-cache'
import { orderCreditOnStatus } from '@/server/services/money/store-credit'
import { recordCounterCash } from '@/server/services/money/shop-till'

type LockedOrder = typeof orders.$inferSelect

export const CANCELLED_MEANWHILE =
  'Cette commande a été annulée entre-temps : elle n’a pas été modifiée. Pour la reprendre, rouvrez-la et choisissez de nouveau son statut.'
export const changedMeanwhile = (now: OrderStatus) =>
  `Le statut de cette commande a changé entre-temps (maintenant « ${orderStatusLabels[now]} ») : elle n’a pas été modifiée. Rouvrez-la avant de changer son statut.`

/**
 * Staff's change applies to the status the staff member saw, checked on the locked row
 * (docs/rules/orders.md#order-status): a client's cancel (or any change) that came first is never
 * overwritten, the loser gets 409 and nothing is written. A cancelled order comes back only by a
 * change that says it leaves "cancelled" (`from`): never by a change sent before the cancel.
 */
export function staffSaw(from: OrderStatus | undefined, to: OrderStatus) {
  return (order: LockedOrder) => {
    if (order.status === 'cancelled' && to !== 'cancelled' && from !== 'cancelled')
      throw conflict(CANCELLED_MEANWHILE)
    if (from && order.status !== from) throw conflict(changedMeanwhile(order.status))
  }
}

/**
 * The one way an order's status changes (staff update, driver confirmation), in one transaction
 * with the order row locked, so two changes of one order run one after the other:
 * - every change writes a 'status' event;
 * - becoming delivered credits the points of what was paid once and marks the payment paid, or
 *   partly paid when the driver collected less than due (docs/rules/money.md#partly-paid);
 * - leaving delivered takes those points back (the order stays paid unless cancelled);
 * - cancelling gives back the points the order spent and marks a paid order refunded;
 * - leaving cancelled debits the spent points again, if the balance allows (else 409);
 * - going to in_delivery or delivered needs every kg line weighed and any agreement given (weigh-in);
 * - cancelling gives back what its lines drew from a daily quantity, to the day they drew from;
 *   leaving cancelled draws it again, if there is room (else 409; docs/rules/catalogue.md#stock), and the
 *   storefront's cached answers are then dropped (`storefront`, after the commit).
 * - leaving for delivery, delivered and cancelled each write the client's message to the outbox,
 *   a correction (a move back, or out of cancelled) none (docs/rules/orders.md#messages);
 * - cancelling keeps `cancelReason`, what the client reads of why (staff must give one).
 * - cancelling frees the order's slot place; leaving cancelled takes one again if there is room (else 409).
 * - cancelling gives the coupon's use back; leaving cancelled takes it again if its budget has room (else 409).
 * - becoming delivered records the cash the order's driver collected (docs/rules/money.md#drivers-cash):
 *   `cash` is what the driver's confirmation says; without it (staff), the amount due.
 * `guard` checks the locked row (e.g. the driver's own in_delivery order) before any change.
 */
export async function changeOrderStatus(
  db: Db,
  actorId: number,
  orderId: number,
  to: OrderStatus,
  guard?: (order: LockedOrder) => void,
  storefront?: Pick<StorefrontCache, 'afterWrite'>,
  cash?: { amount?: number; reason?: string },
  cancelReason?: string,
  // docs/rules/pickup.md#hand-over: set only by the hand-over, once the code was checked.
  // docs/rules/pickup.md#the-till: `counterCash`, what it still owes is taken in cash at the counter.
  handOver?: { codeChecked: true; counterCash?: boolean },
) {
  const stockMoved = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
    if (!order) throw notFound('Commande non trouvée')
    guard?.(order)
    // docs/rules/confirmation.md#confirmation: a risky order paid at the door waits for its client.
    assertConfirmed(order, to)
    const from = order.status
    if (from === to) throw conflict(`La commande a déjà le statut « ${orderStatusLabels[to]} ».`)
    // docs/rules/pickup.md#hand-over: a pickup order is collected only with its code.
    if (order.fulfilment === 'pickup' && to === 'delivered' && !handOver?.codeChecked)
      throw conflict(PICKUP_NEEDS_CODE)
    // docs/rules/orders.md#weigh-in: weighed, and agreed when needed, before it leaves for delivery.
    await assertWeighedForDelivery(tx, order, to)
    // docs/rules/money.md#payments: chosen for mobile money, it leaves only paid (or switched to cash).
    assertPaidForDelivery(order, to)

    // docs/rules/money.md#drivers-cash, #partly-paid: what this delivery collects is decided first
    // (a bad amount is a 400 before anything is written); its points are earned on what is paid.
    const collection = to === 'delivered' ? planCollection(order, cash) : null
    const amountPaid = collection?.amountPaid ?? order.amountPaid
    const { pointsEarned, paymentStatus, moves } = statusEffects({ ...order, amountPaid }, to)

    // docs/rules/store-credit.md#spending: the credit it spent, back or spent again (before the user's lock).
    await orderCreditOnStatus(tx, order, from, to, actorId)

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

    // docs/rules/money.md#drivers-cash: the cash collected, in the same transaction (decision 0026),
    // before any row naming the driver is written (its lock comes first).
    if (collection) await recordCollection(tx, order, actorId, collection.entry)
    // docs/rules/pickup.md#the-till: a pickup order paid in cash at the counter, into its shop's till.
    if (to === 'delivered' && handOver?.counterCash) await recordCounterCash(tx, order, actorId)

    // The order's delivery slot: cancelling frees its place, leaving "cancelled" takes one again
    // if the slot has room, else 409 (docs/rules/delivery.md#delivery-slots).
    // docs/rules/money.md#payments: what was paid by mobile money is to be given back (by the
    // provider's API, or "Remboursement à faire" for staff); the order's payment becomes refunded.
    if (to === 'cancelled') await flagRefundsOnCancel(tx, order.id, actorId)

    if (to === 'cancelled') await releaseSlotPlace(tx, order)
    else if (from === 'cancelled') await retakeSlotPlace(tx, order)
    // docs/rules/commerce.md#coupons: cancelling gives the coupon's use back; leaving cancelled takes
    // it again if its budget has room (else 409).
    if (to === 'cancelled') await giveBackCoupon(tx, order.id)
    else if (from === 'cancelled') await retakeCoupon(tx, order.id)

    await tx
      .update(orders)
      .set({
        status: to,
        paymentStatus,
        amountPaid,
        pointsEarned,
        // Why it was cancelled, for the client; a reactivated order has none.
        cancelReason: to === 'cancelled' ? (cancelReason ?? null) : null,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, order.id))
    const events: OrderEvent[] = [{ type: 'status', from, to }]
    if (paymentStatus !== order.paymentStatus)
      events.push({ type: 'payment', from: order.paymentStatus, to: paymentStatus })
    await recordOrderEvents(tx, order.id, actorId, events)
    await enqueueStatusMessage(tx, { ...order, pointsEarned }, from, to, cancelReason)

    // Stock (docs/rules/catalogue.md#stock), a step of its own.
    if (to === 'cancelled') return giveBackStock(tx, order.id)
    if (from === 'cancelled') return drawStockAgain(tx, order.id)
    return false
  })
  if (stockMoved) await storefront?.afterWrite()
  return (await loadOrder(db, orderId))!
}
