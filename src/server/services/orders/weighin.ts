import { eq, sql } from 'drizzle-orm'
import { MAX_ORDER_AMOUNT, ORDER_CEILING_MESSAGE } from '@/shared/domain/pricing'
import {
  beyondTolerance,
  DEFAULT_WEIGH_TOLERANCE_PERCENT,
  deliveryBlocker,
  repriceWeighed,
  type WeighApproval,
} from '@/shared/domain/weighin'
import type { OrderStatus } from '@/shared/domain/order-status'
import { formatMoney } from '@/shared/format'
import type { Db, Executor } from '@/server/db/client'
import { orderItems, orders, shopSettings } from '@/server/db/schema'
import { badRequest, conflict, HttpError, notFound } from '@/server/http/errors'
import { movePoints } from '../money/loyalty'
import { enqueueOrderMessage } from '../messages/outbox'
import { orderPageLink } from '../messages/render-money'
import { recordOrderEvents, type OrderEvent } from './order-events'
import { loadOrder } from './orders'
import { rebindToNewTotal } from '../money/payments/settle'

// The weigh-in (docs/rules/orders.md#weigh-in, decision 0024).

type LockedOrder = typeof orders.$inferSelect

/** The tolerance root set (docs/rules/orders.md#weigh-in), or the default when none is stored. */
export async function weighTolerance(db: Executor): Promise<number> {
  const [row] = await db
    .select({ percent: shopSettings.weighTolerancePercent })
    .from(shopSettings)
    .where(eq(shopSettings.id, 1))
  return row?.percent ?? DEFAULT_WEIGH_TOLERANCE_PERCENT
}

export async function setWeighTolerance(db: Executor, actorId: number, percent: number) {
  await db
    .insert(shopSettings)
    .values({ id: 1, weighTolerancePercent: percent, updatedBy: actorId })
    .onConflictDoUpdate({
      target: shopSettings.id,
      set: { weighTolerancePercent: percent, updatedBy: actorId, updatedAt: sql`now()` },
    })
  return percent
}

const lockOrder = async (tx: Executor, orderId: number) => {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
  if (!order) throw notFound('Commande non trouvée')
  return order
}

/** A quantity as the history stores it: the decimal's shortest text ("1.5", "1.62"). */
const q = (n: number) => String(Number(n.toFixed(3)))

/**
 * Staff weigh kg lines of an order in preparation: each line keeps its ordered quantity and gets
 * its weight; the order is priced again by its own terms (repriceWeighed); points above the new
 * maximum go back to the client; beyond the tolerance the order waits for the client's agreement.
 * In one transaction with the order row locked: a status change waits for it, and an order that
 * left in_preparation meanwhile is refused (409).
 */
export async function weighOrder(
  db: Db,
  actorId: number,
  orderId: number,
  weighed: readonly { itemId: number; weighedQuantity: number }[],
  /** Where the client's order page is (messageOrigin): its message links to it. */
  origin?: string,
) {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId)
    if (order.status !== 'in_preparation')
      throw conflict('Seule une commande en préparation se pèse : son statut a changé entre-temps.')
    const items = await tx
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(orderItems.id)
    const byId = new Map(items.map((i) => [i.id, i]))
    for (const w of weighed) {
      const item = byId.get(w.itemId)
      if (!item) throw badRequest('Cet article n’appartient pas à cette commande.')
      if (item.unitType !== 'kg')
        throw badRequest(`« ${item.productName} » se vend à l’unité : seuls les articles au kilo se pèsent.`)
    }
    const weights = new Map(weighed.map((w) => [w.itemId, w.weighedQuantity]))
    const lines = items.map((i) => ({ ...i, weighedQuantity: weights.get(i.id) ?? i.weighedQuantity }))
    const price = repriceWeighed(order, lines)
    if (price.subtotal > MAX_ORDER_AMOUNT) throw badRequest(ORDER_CEILING_MESSAGE)

    const events: OrderEvent[] = []
    for (const [i, line] of lines.entries()) {
      const w = weights.get(line.id)
      if (w === undefined) continue
      const before = items[i]!.weighedQuantity ?? items[i]!.quantity
      events.push({ type: 'weighing', from: `${line.productName}|${q(before)}`, to: q(w) })
      await tx
        .update(orderItems)
        .set({ weighedQuantity: w, totalPrice: price.lineTotals[i]! })
        .where(eq(orderItems.id, line.id))
    }

    // Points above what the weighed order can take go back (docs/rules/money.md#points); a later,
    // heavier weighing does not spend them again.
    const givenBack = order.pointsUsed - price.pointsUsed
    if (givenBack > 0)
      await movePoints(tx, {
        userId: order.userId,
        orderId: order.id,
        type: 'redeemed',
        points: givenBack,
        description: `Points rendus : pesée de la commande #${order.id}`,
      })

    const orderedTotal = order.orderedTotalAmount ?? order.totalAmount
    const approval: WeighApproval | null = beyondTolerance(
      orderedTotal,
      price.total,
      await weighTolerance(tx),
    )
      ? 'awaiting'
      : null
    if (price.total !== order.totalAmount)
      events.push({ type: 'total', from: String(order.totalAmount), to: String(price.total) })
    if (approval === 'awaiting') events.push({ type: 'approval', from: order.weighApproval, to: 'awaiting' })

    await tx
      .update(orders)
      .set({
        subtotalAmount: price.subtotal,
        discountAmount: price.discountAmount,
        couponDiscount: price.couponDiscount,
        pointsUsed: price.pointsUsed,
        pointsDiscountAmount: price.pointsDiscountAmount,
        deliveryFeeAmount: price.deliveryFee,
        totalAmount: price.total,
        orderedTotalAmount: orderedTotal,
        weighApproval: approval,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, order.id))
    await recordOrderEvents(tx, order.id, actorId, events)
    // docs/rules/money.md#payments, "Bound to the order": open attempts asked for the old total;
    // money received is bound to the new one (owing the difference, or an excess to give back).
    await rebindToNewTotal(tx, order, price.total, actorId)
    // The client is told when the weighing changed what it pays (docs/rules/orders.md#messages).
    if (price.total !== order.totalAmount)
      await enqueueOrderMessage(tx, order.id, 'order_weighed', {
        totalBefore: order.totalAmount,
        totalAfter: price.total,
        ...(origin ? { orderLink: orderPageLink(origin, order.id) } : {}),
      })
  })
  return (await loadOrder(db, orderId))!
}

/**
 * The client's answer to a weighed total beyond the tolerance (`accept`/`refuse`, on its own
 * order), or staff recording an agreement given by phone (`phone`, after a refusal too).
 * Only while the order is in preparation and waiting; else 409. An answer names the total it
 * answers (the one the client read, or was read on the phone): if the order was weighed again
 * since, and its total is another, the answer is 409 with the new total to read (docs/rules/orders.md#weigh-in).
 */
export async function answerWeighIn(
  db: Db,
  actorId: number,
  orderId: number,
  answer: 'accept' | 'refuse' | 'phone',
  answeredTotal: number,
  wish?: string,
) {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId)
    const open: readonly (WeighApproval | null)[] =
      answer === 'phone' ? ['awaiting', 'refused'] : ['awaiting']
    if (order.status !== 'in_preparation' || !open.includes(order.weighApproval))
      throw conflict('Cette commande n’attend pas d’accord sur un montant pesé.')
    if (order.totalAmount !== answeredTotal)
      throw new HttpError(
        409,
        'WEIGHED_TOTAL_CHANGED',
        `Le montant a changé : la commande a été pesée à nouveau et son total est maintenant de ${formatMoney(order.totalAmount)} (et non ${formatMoney(answeredTotal)}). ${
          answer === 'phone'
            ? 'Lisez ce nouveau montant au client avant de noter son accord.'
            : 'Lisez ce nouveau montant avant de répondre.'
        }`,
      )
    const to = answer === 'refuse' ? 'refused' : 'accepted'
    await tx
      .update(orders)
      // A refusal keeps what the client wants instead (or nothing); an agreement answers it.
      .set({ weighApproval: to, weighWish: to === 'refused' ? wish || null : null, updatedAt: sql`now()` })
      .where(eq(orders.id, order.id))
    await recordOrderEvents(tx, order.id, actorId, [
      { type: 'approval', from: order.weighApproval, to: answer === 'phone' ? 'phone' : to },
    ])
  })
  return (await loadOrder(db, orderId))!
}

/**
 * The gate of changeOrderStatus (docs/rules/orders.md#weigh-in): an order goes to in_delivery or
 * delivered only with every kg line weighed and any needed agreement given. Runs on the locked row.
 */
export async function assertWeighedForDelivery(tx: Executor, order: LockedOrder, to: OrderStatus) {
  if (to !== 'in_delivery' && to !== 'delivered') return
  const items = await tx
    .select({
      unitType: orderItems.unitType,
      productName: orderItems.productName,
      weighedQuantity: orderItems.weighedQuantity,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
  const blocker = deliveryBlocker({ ...order, items }, to)
  if (blocker) throw conflict(`La commande ne peut pas partir en livraison. ${blocker}`)
}
