import { and, desc, eq, sql } from 'drizzle-orm'
import { providerRefundsByApi, rebindToTotal, receiveOnOrder } from '@/shared/domain/payments'
import type { PaymentStatus } from '@/shared/domain/order-status'
import { paymentEffects } from '@/shared/domain/status-effects'
import { formatMoney } from '@/shared/format'
import type { Executor } from '@/server/db/client'
import { orders, paymentAttempts } from '@/server/db/schema'
import { lockUser, movePoints } from '../loyalty'
import { enqueueOrderMessage } from '@/server/services/messages/outbox'
import type { Payments } from './connect'
import { orderPaymentEvent, recordPaymentEvent, type Attempt, type OrderRow } from './records'
import { returnExcessCredit } from '../store-credit'

// docs/rules/money.md#payments, "Bound to the order": every franc received is bound to its order's
// total. The order is paid when what it received covers its total as agreed; money received on an
// old attempt, or a total weighed again after payment, leaves it owing the difference (asked of
// the client, or of the driver at the door) or flags the excess to be given back. Every step
// runs in its caller's transaction, the order's row locked.

/**
 * Closes the order's open attempts (a new total, a new attempt, cash instead): they can no longer
 * be paid for what they ask. Money a provider still takes on one is not lost: the worker keeps
 * asking, and it is received as any money is (`receiveOnAttempt`). The worker also closes them at
 * the provider (Wave: the session expired) on its next question, which is made due now.
 */
export async function closeOpenAttempts(
  tx: Executor,
  orderId: number,
  actorId: number | null,
  why: string,
  except?: number,
) {
  const closed = await tx
    .update(paymentAttempts)
    .set({ status: 'expired', nextCheckAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(paymentAttempts.orderId, orderId),
        eq(paymentAttempts.status, 'pending'),
        except === undefined ? undefined : sql`${paymentAttempts.id} <> ${except}`,
      ),
    )
    .returning()
  for (const a of closed)
    await recordPaymentEvent(tx, {
      orderId,
      attemptId: a.id,
      actorId,
      provider: a.provider,
      type: 'expired',
      detail: why,
    })
  return closed
}

/**
 * Closes at their provider the attempts `closeOpenAttempts` closed, after the commit (Wave: the
 * session expired). Best effort: the worker closes any still open there on its next question,
 * and money taken on one still counts.
 */
export async function closeAtProviders(payments: Payments, attempts: Attempt[]) {
  await Promise.allSettled(
    attempts.map((a) =>
      a.providerRef
        ? payments.providers[a.provider]?.expire?.({
            reference: a.reference,
            providerRef: a.providerRef,
            countryCode: a.countryCode,
          })
        : undefined,
    ),
  )
}

/**
 * Flags money of an order to be given back: the whole of one attempt (`amount` null: by the
 * provider's API where it has one, Wave, by hand otherwise), or an excess over the order's total,
 * always by hand (Wave's refund gives back a whole session), taken from its newest paid attempts.
 */
export async function flagRefund(
  tx: Executor,
  orderId: number | null,
  actorId: number | null,
  detail: string,
  target: { attempt: Attempt } | { excess: number },
) {
  if ('attempt' in target) {
    const a = target.attempt
    const refundBy = providerRefundsByApi[a.provider] ? ('requested' as const) : ('to_do' as const)
    await tx
      .update(paymentAttempts)
      .set({ refundStatus: refundBy, refundAmount: null, nextCheckAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(paymentAttempts.id, a.id))
    await recordPaymentEvent(tx, {
      orderId: a.orderId,
      reservationId: a.reservationId,
      voucherId: a.voucherId,
      attemptId: a.id,
      actorId,
      provider: a.provider,
      type: refundBy === 'requested' ? 'refund_requested' : 'refund_to_do',
      detail,
    })
    return
  }
  if (orderId === null) throw new Error('an excess is taken from an order’s attempts')
  let left = target.excess
  const paid = await tx
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.status, 'paid')))
    .orderBy(desc(paymentAttempts.id))
    .for('update')
  for (const a of paid) {
    if (left <= 0) break
    // An attempt already given back whole, or whose refund is done, takes no more.
    if (a.refundStatus === 'requested' || a.refundStatus === 'done') continue
    if (a.refundStatus === 'to_do' && a.refundAmount === null) continue
    const room = a.amount - (a.refundAmount ?? 0)
    const part = Math.min(room, left)
    if (part <= 0) continue
    left -= part
    await tx
      .update(paymentAttempts)
      .set({ refundStatus: 'to_do', refundAmount: (a.refundAmount ?? 0) + part, updatedAt: sql`now()` })
      .where(eq(paymentAttempts.id, a.id))
    await recordPaymentEvent(tx, {
      orderId,
      attemptId: a.id,
      actorId,
      provider: a.provider,
      type: 'refund_to_do',
      detail: `${detail} : ${formatMoney(part)} à rendre`,
    })
  }
  if (left > 0)
    // Nothing left to take it from (refunds already done): staff settle it by hand, it shows.
    await recordPaymentEvent(tx, {
      orderId,
      actorId,
      type: 'excess_unassigned',
      detail: `${detail} : ${formatMoney(left)} à rendre, sans paiement auquel le rattacher`,
    })
}

/** Writes the order's new payment: what it received, its status, and its history's line. */
async function writeOrderPayment(
  tx: Executor,
  order: OrderRow,
  next: { amountPaid: number; status: PaymentStatus; wallet?: string | null },
) {
  await tx
    .update(orders)
    .set({
      amountPaid: next.amountPaid,
      paymentStatus: next.status,
      ...(next.wallet !== undefined
        ? { paymentMethod: 'mobile_money' as const, paymentWallet: next.wallet ?? order.paymentWallet }
        : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, order.id))
  await orderPaymentEvent(tx, order.id, null, order.paymentStatus, next.status)
}

/**
 * Money a provider's status query says it took on an attempt (its amount and currency those
 * asked), received by its order (locked by the caller): counted towards its total, or flagged to
 * be given back when the order is cancelled or owed nothing. A delivered order's points follow
 * what is then paid (docs/rules/money.md#partly-paid).
 */
export async function receiveOnAttempt(tx: Executor, a: Attempt, order: OrderRow) {
  if (order.status === 'cancelled' || order.paymentStatus === 'refunded') {
    await flagRefund(tx, order.id, null, 'payé après l’annulation de la commande', { attempt: a })
    if (order.status === 'cancelled' && order.paymentStatus !== 'refunded')
      await writeOrderPayment(tx, order, { amountPaid: order.amountPaid, status: 'refunded' })
    return
  }
  const r = receiveOnOrder(a.provider, order, a.amount)
  if (r.excess === a.amount) {
    await flagRefund(tx, order.id, null, 'commande déjà payée', { attempt: a })
    return
  }
  if (order.status === 'delivered') {
    const effects = paymentEffects({ ...order, amountPaid: r.amountPaid })
    if (effects.moves.length > 0) await lockUser(tx, order.userId)
    for (const move of effects.moves)
      await movePoints(tx, { userId: order.userId, orderId: order.id, ...move })
    await tx.update(orders).set({ pointsEarned: effects.pointsEarned }).where(eq(orders.id, order.id))
    await writeOrderPayment(tx, order, { amountPaid: r.amountPaid, status: effects.paymentStatus })
  } else {
    await writeOrderPayment(tx, order, {
      amountPaid: r.amountPaid,
      status: r.covered ? 'paid' : 'pending',
      wallet: a.wallet,
    })
  }
  // docs/rules/money-told.md#payment-received: the client reads what was received and what is left, once
  // per attempt (an attempt becomes paid once: confirmation.ts), in this transaction.
  await enqueueOrderMessage(tx, order.id, 'payment_received', {
    amount: a.amount,
    wallet: a.wallet,
    rest: Math.max(0, order.totalAmount - r.amountPaid),
  })
  if (!r.covered)
    await recordPaymentEvent(tx, {
      orderId: order.id,
      attemptId: a.id,
      provider: a.provider,
      type: 'partly_received',
      detail: `reçu ${formatMoney(a.amount)} ; reste dû ${formatMoney(order.totalAmount - r.amountPaid)}`,
    })
  if (r.excess > 0)
    await flagRefund(tx, order.id, null, 'trop-perçu sur le total de la commande', { excess: r.excess })
}

/**
 * A new total for an order (weighed again; the caller has written it, the order locked, `before`
 * its row as it was): its open attempts ask for the old one and are closed; what it received is
 * bound to the new one (owing the difference, or an excess to give back).
 */
export async function rebindToNewTotal(tx: Executor, before: OrderRow, newTotal: number, actorId: number) {
  if (newTotal === before.totalAmount) return
  await closeOpenAttempts(
    tx,
    before.id,
    actorId,
    `total changé : ${formatMoney(before.totalAmount)} → ${formatMoney(newTotal)}`,
  )
  if (before.amountPaid <= 0 || before.status === 'delivered' || before.status === 'cancelled') return
  const r = rebindToTotal({ totalAmount: newTotal, amountPaid: before.amountPaid })
  const status: PaymentStatus = r.covered ? 'paid' : 'pending'
  // docs/rules/store-credit.md#spending: an excess goes back to the store credit it came from first.
  const toCredit = await returnExcessCredit(tx, before, r.excess, actorId)
  await writeOrderPayment(tx, before, { amountPaid: r.amountPaid, status })
  await recordPaymentEvent(tx, {
    orderId: before.id,
    actorId,
    type: 'total_changed',
    detail: r.covered
      ? `nouveau total ${formatMoney(newTotal)}, déjà reçu ${formatMoney(before.amountPaid)}`
      : `nouveau total ${formatMoney(newTotal)} : reste dû ${formatMoney(newTotal - r.amountPaid)}`,
  })
  if (r.excess > toCredit)
    await flagRefund(tx, before.id, actorId, 'nouveau total plus bas que le montant reçu', {
      excess: r.excess - toCredit,
    })
}
