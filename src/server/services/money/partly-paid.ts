import { eq, sql } from 'drizzle-orm'
import { cashReasonMessage, collectionNeedsReason } from '@/shared/domain/cash'
import { amountOwed, paymentEffects } from '@/shared/domain/status-effects'
import { formatMoney } from '@/shared/format'
import type { SessionUser } from '@/shared/schemas/auth'
import type { Db, Executor } from '@/server/db/client'
import { orders } from '@/server/db/schema'
import { badRequest, conflict, notFound } from '@/server/http/errors'
import { recordCollection } from './cash'
import { lockUser, movePoints } from './loyalty'
import { ORDER_NOT_FOUND } from '../orders/order-admin'
import { recordOrderEvents } from '../orders/order-events'
import { loadOrder } from '../orders/orders'
import { assertInScope } from '../scope'

// docs/rules/money.md#partly-paid (decision 0054): a delivered order whose driver collected less
// than due owes the rest; a later payment of it (the driver collects it, or staff record it)
// completes it, and the order earns the points of what is then paid.

/** The reason written on a rest recorded by staff. */
export const STAFF_REST_REASON = 'Reste encaissé, enregistré par le personnel'
export const NOTHING_OWED = 'Cette commande ne doit plus rien.'
export const restTooLarge = (owed: number) => `Le montant dépasse le reste dû (${formatMoney(owed)}).`
export const REST_AMOUNT_MESSAGE = 'Le montant encaissé doit être supérieur à 0.'

/**
 * A later payment of what a delivered order still owes, as cash collected by the order's driver:
 * the driver's own (`user` a driver: its order only, another answers 404), or recorded by staff of
 * the order's country (the cash is then in that driver's hands, as any collection). `amount` is the
 * rest unless said (at least 1 F, at most the rest; another amount than the rest needs a reason
 * from the driver). Locks the order, then the client (points), then the driver, as every change.
 */
export async function collectRest(
  db: Db,
  user: SessionUser,
  input: { orderId: number; amount?: number; reason?: string },
) {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update')
    if (!order) throw notFound(ORDER_NOT_FOUND)
    const byDriver = user.role === 'delivery_driver'
    if (byDriver) {
      if (order.deliveryDriverId !== user.id) throw notFound(ORDER_NOT_FOUND)
    } else assertInScope(user, order.countryId, ORDER_NOT_FOUND)
    if (order.status !== 'delivered' || order.paymentStatus !== 'partly_paid') throw conflict(NOTHING_OWED)
    const driverId = order.deliveryDriverId
    if (driverId == null)
      throw conflict('Cette commande n’a pas de livreur : assignez celui qui a reçu l’argent.')
    const owed = amountOwed(order)
    const amount = input.amount ?? owed
    if (amount < 1) throw badRequest(REST_AMOUNT_MESSAGE, { amount: [REST_AMOUNT_MESSAGE] })
    if (amount > owed) throw badRequest(restTooLarge(owed), { amount: [restTooLarge(owed)] })
    const reason = input.reason?.trim() || (byDriver ? null : STAFF_REST_REASON)
    if (collectionNeedsReason(amount, owed, reason)) {
      const message = cashReasonMessage(formatMoney(owed))
      throw badRequest(message, { cashReason: [message] })
    }
    const amountPaid = order.amountPaid + amount
    const effects = paymentEffects({ ...order, amountPaid })
    if (effects.moves.length > 0) {
      await lockUser(tx, order.userId)
      for (const m of effects.moves) await movePoints(tx, { userId: order.userId, orderId: order.id, ...m })
    }
    await recordCollection(tx, order, user.id, { driverId, amount, amountDue: owed, reason })
    await tx
      .update(orders)
      .set({
        amountPaid,
        paymentStatus: effects.paymentStatus,
        pointsEarned: effects.pointsEarned,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, order.id))
    // Written even when still partly paid: the history (and the live lists) hear of the payment.
    await recordOrderEvents(tx, order.id, user.id, [
      { type: 'payment', from: order.paymentStatus, to: effects.paymentStatus },
    ])
  })
  return (await loadOrder(db, input.orderId))!
}

type Rows<T> = { rows: T[] }

/**
 * The orders of a country that still owe (docs/rules/money.md#partly-paid), whatever their day:
 * delivered and partly paid, oldest first, with the day they were delivered in the country's time
 * zone and their driver. Read through the partial index `orders_country_partly_paid_idx`.
 */
export async function owedOrders(db: Executor, countryId: number) {
  const result = (await db.execute(sql`
    select o.id, o.customer_name, o.total_amount, o.amount_paid, drv.display_name as driver_name,
      to_char((select max(ev.created_at) from order_events ev where ev.order_id = o.id and ev.type = 'status'
        and ev.to_value = 'delivered') at time zone c.time_zone, 'YYYY-MM-DD') as delivered_on
    from orders o join countries c on c.id = o.country_id
      left join users drv on drv.id = o.delivery_driver_id
    where o.country_id = ${countryId} and o.payment_status = 'partly_paid' and o.status = 'delivered'
    order by o.id`)) as unknown as Rows<{
    id: number
    customer_name: string
    total_amount: number
    amount_paid: number
    driver_name: string | null
    delivered_on: string | null
  }>
  return result.rows.map((r) => ({
    orderId: Number(r.id),
    customerName: r.customer_name,
    totalAmount: Number(r.total_amount),
    amountPaid: Number(r.amount_paid),
    amountOwed: amountOwed({ totalAmount: Number(r.total_amount), amountPaid: Number(r.amount_paid) }),
    driverName: r.driver_name,
    deliveredOn: r.delivered_on,
  }))
}
