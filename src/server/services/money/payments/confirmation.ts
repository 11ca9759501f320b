import { and, eq, inArray, sql } from 'drizzle-orm'
import { type AttemptStatus, type PaymentProvider } from '@/shared/domain/payments'
import type { Db, Executor } from '@/server/db/client'
import { orders, paymentAttempts } from '@/server/db/schema'
import type { Payments } from './connect'
import { ProviderUnavailable, type ProviderStatus } from './providers/types'
import { watchKey } from './faults'
import {
  type OrderRow,
  type Via,
  lockOrder,
  orderPaymentEvent,
  recordPaymentEvent,
  setAttempt,
} from './records'
import { flagRefund, receiveOnAttempt } from './settle'
import { lockReservation, receiveOnReservation } from './reservations'
import { lockVoucher, receiveOnVoucher } from '../vouchers/payment'

// docs/rules/money.md#payments: an attempt is confirmed only from the provider's status query
// (prompted by a notification, the client's waiting page or the worker); every change is a
// payment event.

/**
 * Asks the provider about one attempt and applies its answer: the one way an attempt changes
 * state (notification, waiting page, worker). Idempotent: the order's and the attempt's rows are
 * locked and the attempt changed only from a state the answer may leave, so duplicates, retries,
 * out-of-order notifications and two instances change nothing twice. Unknown reference, or an
 * attempt already final (paid, mismatch): nothing, and the provider is not asked.
 */
export async function confirmAttempt(
  db: Db,
  payments: Payments,
  provider: PaymentProvider,
  reference: string,
  via: Via,
): Promise<{ changed: boolean; status: AttemptStatus | null; truth?: ProviderStatus }> {
  const [attempt] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.provider, provider), eq(paymentAttempts.reference, reference)))
  if (!attempt) return { changed: false, status: null }
  if (attempt.status === 'paid' || attempt.status === 'mismatch')
    return { changed: false, status: attempt.status }
  const client = payments.providers[provider]
  if (!client || !attempt.providerRef) return { changed: false, status: attempt.status }
  const truth = await watchKey(db, payments, attempt, () =>
    client.status({ reference, providerRef: attempt.providerRef, countryCode: attempt.countryCode }),
  )
  return { ...(await applyTruth(db, attempt.id, truth, via)), truth }
}

/**
 * Applies what the provider's status query said of an attempt, in one transaction: the order's
 * row locked first, then the attempt's (the order every payment write takes them in).
 */
export async function applyTruth(
  db: Db,
  attemptId: number,
  truth: ProviderStatus,
  via: Via,
): Promise<{ changed: boolean; status: AttemptStatus | null }> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        orderId: paymentAttempts.orderId,
        reservationId: paymentAttempts.reservationId,
        voucherId: paymentAttempts.voucherId,
      })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.id, attemptId))
    if (!found) return { changed: false, status: null }
    // What the attempt pays, its row locked first: an order, a campaign's reservation (decision
    // 0066) or a gift voucher (decision 0078).
    const order = found.orderId !== null ? await lockOrder(tx, found.orderId) : null
    const reservation = found.reservationId !== null ? await lockReservation(tx, found.reservationId) : null
    const voucher = found.voucherId !== null ? await lockVoucher(tx, found.voucherId) : null
    const [a] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, attemptId)).for('update')
    if (!a) return { changed: false, status: null }
    const event = (type: string, detail?: string) =>
      recordPaymentEvent(tx, {
        orderId: a.orderId,
        reservationId: a.reservationId,
        voucherId: a.voucherId,
        attemptId: a.id,
        provider: a.provider,
        type,
        providerStatus: truth.raw,
        detail: detail ?? `via ${via}`,
      })
    // Only 'paid' and 'mismatch' are final: money the provider took is never ignored, even for
    // an attempt given up (failed, expired, closed for a new total) before the wallet answered.
    if (a.status === 'paid' || a.status === 'mismatch') return { changed: false, status: a.status }

    if (truth.state === 'pending') {
      if (a.status === 'pending' && a.expiresAt.getTime() <= Date.now()) {
        await setAttempt(tx, a.id, 'expired')
        await event('expired')
        if (order) await failOrderIfNoneLeft(tx, order)
        return { changed: true, status: 'expired' }
      }
      return { changed: false, status: a.status }
    }
    if (truth.state === 'failed' || truth.state === 'expired') {
      if (a.status !== 'pending') return { changed: false, status: a.status }
      await setAttempt(tx, a.id, truth.state)
      await event(truth.state)
      if (order) await failOrderIfNoneLeft(tx, order)
      return { changed: true, status: truth.state }
    }

    // Paid, says the provider's status query: for exactly what was asked?
    if (truth.amount !== a.amount || truth.currency !== a.currency) {
      await setAttempt(tx, a.id, 'mismatch')
      await event(
        'amount_mismatch',
        `demandé ${a.amount} ${a.currency}, payé ${truth.amount ?? '?'} ${truth.currency ?? '?'} : la commande n’est pas marquée payée`,
      )
      await flagRefund(tx, a.orderId, null, 'montant différent de celui demandé', { attempt: a })
      return { changed: true, status: 'mismatch' }
    }
    await setAttempt(tx, a.id, 'paid')
    await event('paid')
    // docs/rules/money.md#payments, "Bound to the order": counted towards the order's total, or
    // given back; a reservation's towards its balance (docs/rules/campaigns.md#instalments).
    if (order) await receiveOnAttempt(tx, a, order)
    else if (reservation) await receiveOnReservation(tx, a, reservation)
    else if (voucher) await receiveOnVoucher(tx, a, voucher)
    return { changed: true, status: 'paid' }
  })
}

/**
 * The last open attempt of an unpaid mobile money order failed: the order's payment is failed (it
 * may be tried again). An order that received part of its total stays pending: it owes the rest.
 */
async function failOrderIfNoneLeft(tx: Executor, order: OrderRow) {
  const [open] = await tx
    .select({ id: paymentAttempts.id })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, order.id), inArray(paymentAttempts.status, ['pending', 'paid'])))
    .limit(1)
  if (open) return
  if (
    order.paymentStatus !== 'pending' ||
    order.paymentMethod !== 'mobile_money' ||
    order.status === 'cancelled' ||
    order.amountPaid > 0
  )
    return
  await tx
    .update(orders)
    .set({ paymentStatus: 'failed', updatedAt: sql`now()` })
    .where(eq(orders.id, order.id))
  await orderPaymentEvent(tx, order.id, null, 'pending', 'failed')
}

/**
 * The waiting page's question: the order's payment and its latest attempt. An attempt still
 * pending whose last question is more than `gapMs` old is asked about again (claimed by a
 * conditional update, so many polls make one question).
 */
export async function pollAttempt(db: Db, payments: Payments, orderId: number, gapMs = 3_000) {
  const [claimed] = await db
    .update(paymentAttempts)
    .set({ updatedAt: sql`now()` })
    .where(
      and(
        eq(paymentAttempts.orderId, orderId),
        eq(paymentAttempts.status, 'pending'),
        sql`${paymentAttempts.providerRef} is not null`,
        sql`${paymentAttempts.updatedAt} < now() - make_interval(secs => ${gapMs / 1000})`,
      ),
    )
    .returning()
  if (claimed) {
    try {
      await confirmAttempt(db, payments, claimed.provider, claimed.reference, 'client')
    } catch (err) {
      if (!(err instanceof ProviderUnavailable)) throw err
    }
  }
}
