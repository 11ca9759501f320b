import { randomBytes } from 'node:crypto'
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm'
import {
  amountToAsk,
  ATTEMPT_TTL_MS,
  nextCheckDelayMs,
  offeredWallets,
  providerRefundsByApi,
  type AttemptStatus,
  type OfferedWallet,
  type PaymentMethod,
  type PaymentProvider,
} from '@/shared/domain/payments'
import type { PaymentStatus } from '@/shared/domain/order-status'
import { formatMoney } from '@/shared/format'
import type { Db, Executor } from '@/server/db/client'
import {
  countries,
  orderEvents,
  orderItems,
  orders,
  paymentAttempts,
  paymentEvents,
} from '@/server/db/schema'
import { HttpError, badRequest, conflict, notFound, serviceUnavailable } from '@/server/http/errors'
import type { Payments } from './index'
import { ProviderUnavailable, type ProviderStatus } from './providers/types'

// docs/rules/money.md#payments: the server decides. An attempt is created here, confirmed only from
// the provider's status query (prompted by a notification, the client's waiting page or the
// worker), and every change is a payment event.

type Attempt = typeof paymentAttempts.$inferSelect
type OrderRow = typeof orders.$inferSelect
type Via = 'notification' | 'worker' | 'client' | 'staff'

export const PROVIDER_DOWN_MESSAGE =
  'Le service de paiement ne répond pas pour le moment. Rien n’a été débité : réessayez dans un instant.'
const PROVIDER_RETRY_AFTER = 30

/** One payment event, appended (the table refuses any other change). */
export async function recordPaymentEvent(
  tx: Executor,
  e: {
    orderId: number
    attemptId?: number | null
    actorId?: number | null
    provider?: PaymentProvider | null
    type: string
    providerStatus?: string | null
    detail?: string | null
  },
) {
  await tx.insert(paymentEvents).values({
    orderId: e.orderId,
    attemptId: e.attemptId ?? null,
    actorId: e.actorId ?? null,
    provider: e.provider ?? null,
    type: e.type,
    providerStatus: e.providerStatus ?? null,
    detail: e.detail ?? null,
  })
}

/** The order's history gets the payment's change too (who: the actor, or none for a provider). */
async function orderPaymentEvent(
  tx: Executor,
  orderId: number,
  actorId: number | null,
  from: PaymentStatus,
  to: PaymentStatus,
) {
  if (from === to) return
  await tx.insert(orderEvents).values({ orderId, actorId, type: 'payment', fromValue: from, toValue: to })
}

/** The wallets a country offers (its list, a configured provider taking each). */
export async function walletsOfCountry(
  db: Executor,
  payments: Payments,
  countryId: number | null,
): Promise<OfferedWallet[]> {
  if (countryId == null) return []
  const [country] = await db
    .select({
      code: countries.code,
      currency: countries.currency,
      mobileMoneyProviders: countries.mobileMoneyProviders,
    })
    .from(countries)
    .where(eq(countries.id, countryId))
  return country ? offeredWallets(country, payments.configured) : []
}

/**
 * The payment chosen at checkout, checked against what the client's country offers (400 with
 * the field otherwise). Cash needs nothing.
 */
export async function resolvePaymentChoice(
  db: Executor,
  payments: Payments,
  countryId: number | null,
  choice: { paymentMethod?: PaymentMethod; paymentWallet?: string | null },
): Promise<{ method: PaymentMethod; wallet: string | null }> {
  if ((choice.paymentMethod ?? 'cash') === 'cash') return { method: 'cash', wallet: null }
  const offered = await walletsOfCountry(db, payments, countryId)
  if (offered.length === 0) {
    const message = 'Le paiement par mobile money n’est pas proposé dans votre pays.'
    throw badRequest(message, { paymentMethod: [message] })
  }
  const wallet = offered.find((w) => w.wallet === choice.paymentWallet)
  if (!wallet) {
    const message = 'Choisissez un portefeuille mobile money proposé dans votre pays.'
    throw badRequest(message, { paymentWallet: [message] })
  }
  return { method: 'mobile_money', wallet: wallet.wallet }
}

/** docs/rules/money.md#partly-paid: what a partly paid order answers to a mobile money payment. */
const PARTLY_PAID_REST =
  'Cette commande a déjà été payée en partie : le reste se règle en espèces, au livreur ou à la boutique.'

const lockOrder = async (tx: Executor, orderId: number) => {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
  if (!order) throw notFound('Commande non trouvée')
  return order
}

/**
 * Why an order cannot be paid now, or null: paid once weighed and agreed (docs/rules/money.md#payments),
 * never when cancelled, delivered, paid or refunded. `accept`: the client agrees to the weighed
 * total in the same step.
 */
async function payableBlocker(tx: Executor, order: OrderRow, accept: boolean, total: number | undefined) {
  if (order.status === 'cancelled') return 'Cette commande est annulée.'
  if (order.status === 'delivered' && order.paymentStatus === 'paid') return 'Cette commande est déjà payée.'
  if (order.paymentStatus === 'paid') return 'Cette commande est déjà payée.'
  if (order.paymentStatus === 'refunded') return 'Cette commande a été remboursée.'
  // docs/rules/money.md#partly-paid: the rest is paid in cash, to the driver or at the shop.
  if (order.paymentStatus === 'partly_paid') return PARTLY_PAID_REST
  const items = await tx
    .select({ unitType: orderItems.unitType, weighed: orderItems.weighedQuantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
  if (items.some((i) => i.unitType === 'kg' && i.weighed == null))
    return 'Cette commande se paie une fois pesée : vous recevrez le montant exact.'
  if (order.weighApproval === 'refused')
    return 'Vous avez refusé le montant pesé : la boutique va vous contacter.'
  if (order.weighApproval === 'awaiting' && !accept) return 'Acceptez d’abord le montant pesé.'
  // The agreement binds the total the client read (as weigh-answer does, docs/rules/orders.md#weigh-in).
  if (order.weighApproval === 'awaiting' && total !== order.totalAmount)
    throw new HttpError(
      409,
      'WEIGHED_TOTAL_CHANGED',
      `Le montant a changé : la commande a été pesée à nouveau et son total est maintenant de ${formatMoney(order.totalAmount)}${
        total === undefined ? '' : ` (et non ${formatMoney(total)})`
      }. Lisez ce nouveau montant avant de répondre.`,
    )
  return null
}

/** A new attempt's reference: the order and a random part, letters and digits only (CinetPay's transaction id). */
const newReference = (orderId: number) => `ETAL${orderId}X${randomBytes(6).toString('hex').toUpperCase()}`

export type AttemptView = {
  id: number
  reference: string
  provider: PaymentProvider
  wallet: string | null
  amount: number
  currency: string
  rounding: number
  status: AttemptStatus
  checkoutUrl: string | null
  expiresAt: Date
  refundStatus: Attempt['refundStatus']
  createdAt: Date
}

const attemptView = (a: Attempt, total: number): AttemptView => ({
  id: a.id,
  reference: a.reference,
  provider: a.provider,
  wallet: a.wallet,
  amount: a.amount,
  currency: a.currency,
  rounding: Math.max(0, total - a.amount),
  status: a.status,
  checkoutUrl: a.checkoutUrl,
  expiresAt: a.expiresAt,
  refundStatus: a.refundStatus,
  createdAt: a.createdAt,
})

/**
 * Starts (or resumes) paying an order by mobile money: the client from its order, the driver at
 * the door (`wallet` null: the first provider of the country, CinetPay's page letting the client
 * choose its wallet). An attempt still open for the same provider and amount is answered again
 * (never two open attempts for one payment); otherwise a new one, with its own reference, is
 * written, then the provider is asked for its checkout. The provider down: the attempt is marked
 * failed, 503 with Retry-After, nothing was charged (no checkout address reached anyone).
 */
export async function startAttempt(
  db: Db,
  payments: Payments,
  actor: { id: number },
  orderId: number,
  opts: { wallet: string | null; accept?: boolean; total?: number; returnPath: string },
): Promise<AttemptView> {
  const prepared = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId)
    const blocker = await payableBlocker(tx, order, opts.accept === true, opts.total)
    if (blocker) throw conflict(blocker)
    const offered = await walletsOfCountry(tx, payments, order.countryId)
    const choice =
      opts.wallet === null
        ? (offered.find((w) => w.provider === 'cinetpay') ?? offered[0])
        : offered.find((w) => w.wallet === opts.wallet)
    if (!choice) {
      const message =
        offered.length === 0
          ? 'Le paiement par mobile money n’est pas proposé dans ce pays.'
          : 'Choisissez un portefeuille mobile money proposé dans votre pays.'
      throw badRequest(message, { wallet: [message] })
    }
    // The consent and the payment, one step (docs/rules/orders.md#weigh-in).
    if (order.weighApproval === 'awaiting') {
      await tx
        .update(orders)
        .set({ weighApproval: 'accepted', updatedAt: sql`now()` })
        .where(eq(orders.id, order.id))
      await tx.insert(orderEvents).values({
        orderId: order.id,
        actorId: actor.id,
        type: 'approval',
        fromValue: 'awaiting',
        toValue: 'accepted',
      })
    }
    const [country] = await tx
      .select({ code: countries.code, currency: countries.currency })
      .from(countries)
      .where(eq(countries.id, order.countryId))
    const { amount } = amountToAsk(choice.provider, order.totalAmount)
    if (amount <= 0) throw conflict('Le montant de cette commande ne peut pas être payé par mobile money.')
    const wallet = opts.wallet === null ? null : choice.wallet
    const open = await tx
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.orderId, order.id), eq(paymentAttempts.status, 'pending')))
      .for('update')
    for (const a of open) {
      const same = a.provider === choice.provider && a.amount === amount && a.wallet === wallet
      if (same && a.checkoutUrl && a.expiresAt.getTime() > Date.now() + 60_000)
        return { kind: 'resume' as const, attempt: a, order }
    }
    if (order.paymentMethod !== 'mobile_money' || order.paymentWallet !== (wallet ?? order.paymentWallet)) {
      await recordPaymentEvent(tx, {
        orderId: order.id,
        actorId: actor.id,
        type: 'method_changed',
        detail: `mobile_money${wallet ? ` (${wallet})` : ''}`,
      })
    }
    await tx
      .update(orders)
      .set({
        paymentMethod: 'mobile_money',
        paymentWallet: wallet ?? order.paymentWallet,
        paymentStatus: 'pending',
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, order.id))
    await orderPaymentEvent(tx, order.id, actor.id, order.paymentStatus, 'pending')
    const [attempt] = await tx
      .insert(paymentAttempts)
      .values({
        orderId: order.id,
        reference: newReference(order.id),
        provider: choice.provider,
        wallet,
        countryCode: country!.code,
        amount,
        currency: country!.currency,
        expiresAt: new Date(Date.now() + ATTEMPT_TTL_MS),
        nextCheckAt: new Date(Date.now() + nextCheckDelayMs(0)),
        createdBy: actor.id,
      })
      .returning()
    await recordPaymentEvent(tx, {
      orderId: order.id,
      attemptId: attempt!.id,
      actorId: actor.id,
      provider: choice.provider,
      type: 'attempt_created',
      detail: `${attempt!.reference} : ${formatMoney(amount)}`,
    })
    return { kind: 'created' as const, attempt: attempt!, order }
  })
  if (prepared.kind === 'resume') return attemptView(prepared.attempt, prepared.order.totalAmount)

  const attempt = prepared.attempt
  const client = payments.providers[attempt.provider]
  try {
    if (!client) throw new ProviderUnavailable(attempt.provider, 'not configured')
    const made = await client.create({
      reference: attempt.reference,
      amount: attempt.amount,
      currency: attempt.currency,
      countryCode: attempt.countryCode,
      description: `Commande ${orderId}`,
      notifyUrl: `${payments.origin}/_api/payments/notify/${attempt.provider}`,
      returnUrl: `${payments.origin}${opts.returnPath}`,
    })
    const [row] = await db
      .update(paymentAttempts)
      .set({
        providerRef: made.providerRef,
        checkoutUrl: made.checkoutUrl,
        ...(made.expiresAt ? { expiresAt: made.expiresAt } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, 'pending')))
      .returning()
    return attemptView(row ?? attempt, prepared.order.totalAmount)
  } catch (err) {
    if (!(err instanceof ProviderUnavailable)) throw err
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(paymentAttempts)
        .set({ status: 'failed', updatedAt: sql`now()` })
        .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, 'pending')))
        .returning({ id: paymentAttempts.id })
      if (row)
        await recordPaymentEvent(tx, {
          orderId,
          attemptId: attempt.id,
          provider: attempt.provider,
          type: 'provider_unavailable',
          detail: 'Le prestataire n’a pas répondu : tentative abandonnée, rien n’a été débité.',
        })
    })
    throw serviceUnavailable(PROVIDER_DOWN_MESSAGE, PROVIDER_RETRY_AFTER)
  }
}

/**
 * Asks the provider about one attempt and applies its answer: the one way an attempt changes
 * state (notification, waiting page, worker). Idempotent: the attempt's row is locked and
 * changed only from a state the answer may leave, so duplicates, retries, out-of-order
 * notifications and two instances change nothing twice. Unknown reference: nothing.
 */
export async function confirmAttempt(
  db: Db,
  payments: Payments,
  provider: PaymentProvider,
  reference: string,
  via: Via,
): Promise<{ changed: boolean; status: AttemptStatus | null }> {
  const [attempt] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.provider, provider), eq(paymentAttempts.reference, reference)))
  if (!attempt) return { changed: false, status: null }
  if (attempt.status === 'paid' || attempt.status === 'mismatch')
    return { changed: false, status: attempt.status }
  const client = payments.providers[provider]
  if (!client || !attempt.providerRef) return { changed: false, status: attempt.status }
  const truth = await client.status({
    reference,
    providerRef: attempt.providerRef,
    countryCode: attempt.countryCode,
  })
  return applyTruth(db, payments, attempt.id, truth, via)
}

async function applyTruth(
  db: Db,
  payments: Payments,
  attemptId: number,
  truth: ProviderStatus,
  via: Via,
): Promise<{ changed: boolean; status: AttemptStatus | null }> {
  return db.transaction(async (tx) => {
    const [a] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, attemptId)).for('update')
    if (!a) return { changed: false, status: null }
    const event = (type: string, detail?: string) =>
      recordPaymentEvent(tx, {
        orderId: a.orderId,
        attemptId: a.id,
        provider: a.provider,
        type,
        providerStatus: truth.raw,
        detail: detail ?? `via ${via}`,
      })
    // Only 'paid' and 'mismatch' are final: money the provider took is never ignored, even for
    // an attempt given up (failed, expired) before the client's wallet answered.
    if (a.status === 'paid' || a.status === 'mismatch') return { changed: false, status: a.status }

    if (truth.state === 'pending') {
      if (a.status === 'pending' && a.expiresAt.getTime() <= Date.now()) {
        await setAttempt(tx, a.id, 'expired')
        await event('expired')
        await failOrderIfNoneLeft(tx, a.orderId)
        return { changed: true, status: 'expired' }
      }
      return { changed: false, status: a.status }
    }
    if (truth.state === 'failed' || truth.state === 'expired') {
      if (a.status !== 'pending') return { changed: false, status: a.status }
      await setAttempt(tx, a.id, truth.state)
      await event(truth.state)
      await failOrderIfNoneLeft(tx, a.orderId)
      return { changed: true, status: truth.state }
    }

    // Paid, says the provider's status query: for exactly what was asked?
    const refundBy = providerRefundsByApi[a.provider] ? ('requested' as const) : ('to_do' as const)
    if (truth.amount !== a.amount || truth.currency !== a.currency) {
      await tx
        .update(paymentAttempts)
        .set({ status: 'mismatch', refundStatus: refundBy, nextCheckAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(paymentAttempts.id, a.id))
      await event(
        'amount_mismatch',
        `demandé ${a.amount} ${a.currency}, payé ${truth.amount ?? '?'} ${truth.currency ?? '?'} : la commande n’est pas marquée payée`,
      )
      await recordPaymentEvent(tx, {
        orderId: a.orderId,
        attemptId: a.id,
        provider: a.provider,
        type: refundBy === 'requested' ? 'refund_requested' : 'refund_to_do',
      })
      return { changed: true, status: 'mismatch' }
    }
    const order = await lockOrder(tx, a.orderId)
    const keep =
      order.status !== 'cancelled' && (order.paymentStatus === 'pending' || order.paymentStatus === 'failed')
    await tx
      .update(paymentAttempts)
      .set({
        status: 'paid',
        ...(keep ? {} : { refundStatus: refundBy, nextCheckAt: sql`now()` }),
        updatedAt: sql`now()`,
      })
      .where(eq(paymentAttempts.id, a.id))
    await event('paid')
    if (keep) {
      await tx
        .update(orders)
        .set({
          paymentStatus: 'paid',
          // docs/rules/money.md#partly-paid: the order's total is paid (CinetPay's rounding is the shop's gift).
          amountPaid: order.totalAmount,
          paymentMethod: 'mobile_money',
          paymentWallet: a.wallet ?? order.paymentWallet,
          updatedAt: sql`now()`,
        })
        .where(eq(orders.id, order.id))
      await orderPaymentEvent(tx, order.id, null, order.paymentStatus, 'paid')
      return { changed: true, status: 'paid' }
    }
    // Paid for an order cancelled meanwhile (or already paid by another attempt): kept, and
    // given back (docs/rules/money.md#payments).
    await recordPaymentEvent(tx, {
      orderId: a.orderId,
      attemptId: a.id,
      provider: a.provider,
      type: refundBy === 'requested' ? 'refund_requested' : 'refund_to_do',
      detail: order.status === 'cancelled' ? 'payé après l’annulation de la commande' : 'commande déjà payée',
    })
    if (order.status === 'cancelled' && order.paymentStatus !== 'refunded') {
      await tx
        .update(orders)
        .set({ paymentStatus: 'refunded', updatedAt: sql`now()` })
        .where(eq(orders.id, order.id))
      await orderPaymentEvent(tx, order.id, null, order.paymentStatus, 'refunded')
    }
    return { changed: true, status: 'paid' }
  })
}

const setAttempt = (tx: Executor, id: number, status: AttemptStatus) =>
  tx
    .update(paymentAttempts)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(paymentAttempts.id, id))

/** The last open attempt of an unpaid mobile money order failed: the order's payment is failed (it may be tried again). */
async function failOrderIfNoneLeft(tx: Executor, orderId: number) {
  const [open] = await tx
    .select({ id: paymentAttempts.id })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId), inArray(paymentAttempts.status, ['pending', 'paid'])))
    .limit(1)
  if (open) return
  const order = await lockOrder(tx, orderId)
  if (
    order.paymentStatus !== 'pending' ||
    order.paymentMethod !== 'mobile_money' ||
    order.status === 'cancelled'
  )
    return
  await tx
    .update(orders)
    .set({ paymentStatus: 'failed', updatedAt: sql`now()` })
    .where(eq(orders.id, orderId))
  await orderPaymentEvent(tx, orderId, null, 'pending', 'failed')
}

/**
 * The step of a cancellation (services/order-status.ts), in its transaction, the order locked:
 * each paid attempt not yet given back is to be refunded, by the provider's API (the worker
 * calls it: 'requested') or by staff ('to_do', "Remboursement à faire"). The order's payment
 * becomes refunded there (statusEffects).
 */
export async function flagRefundsOnCancel(tx: Executor, orderId: number, actorId: number) {
  const paid = await tx
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.orderId, orderId),
        eq(paymentAttempts.status, 'paid'),
        sql`${paymentAttempts.refundStatus} is null`,
      ),
    )
    .for('update')
  for (const a of paid) {
    const refundBy = providerRefundsByApi[a.provider] ? 'requested' : 'to_do'
    await tx
      .update(paymentAttempts)
      .set({ refundStatus: refundBy, nextCheckAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(paymentAttempts.id, a.id))
    await recordPaymentEvent(tx, {
      orderId,
      attemptId: a.id,
      actorId,
      provider: a.provider,
      type: refundBy === 'requested' ? 'refund_requested' : 'refund_to_do',
      detail: 'commande annulée',
    })
  }
}

/** Staff record a refund made by hand (CinetPay has no refund API): "Remboursement à faire" → done. */
export async function recordRefundDone(db: Db, actorId: number, attemptId: number, orderId: number) {
  await db.transaction(async (tx) => {
    const [a] = await tx
      .update(paymentAttempts)
      .set({ refundStatus: 'done', updatedAt: sql`now()` })
      .where(
        and(
          eq(paymentAttempts.id, attemptId),
          eq(paymentAttempts.orderId, orderId),
          eq(paymentAttempts.refundStatus, 'to_do'),
        ),
      )
      .returning()
    if (!a) throw conflict('Aucun remboursement à faire pour ce paiement.')
    await recordPaymentEvent(tx, {
      orderId,
      attemptId,
      actorId,
      provider: a.provider,
      type: 'refund_done',
      detail: 'remboursé à la main',
    })
  })
}

/**
 * Switches an unpaid order's method: to cash (the client, or staff with a reason when the client
 * pays cash at the door), or back to mobile money. Open attempts are closed at the provider
 * where it can (a payment that still arrives is kept: it is money received).
 */
export async function setPaymentMethod(
  db: Db,
  payments: Payments,
  actorId: number,
  orderId: number,
  to: { method: PaymentMethod; wallet?: string | null; reason?: string },
) {
  const closing = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId)
    if (order.status === 'cancelled' || order.status === 'delivered')
      throw conflict('Le mode de paiement de cette commande ne peut plus changer.')
    if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded')
      throw conflict('Cette commande est déjà payée.')
    if (order.paymentStatus === 'partly_paid') throw conflict(PARTLY_PAID_REST)
    let wallet: string | null = null
    if (to.method === 'mobile_money') {
      const chosen = await resolvePaymentChoice(tx, payments, order.countryId, {
        paymentMethod: 'mobile_money',
        paymentWallet: to.wallet,
      })
      wallet = chosen.wallet
    }
    const open =
      to.method === 'cash'
        ? await tx
            .update(paymentAttempts)
            .set({ status: 'expired', updatedAt: sql`now()` })
            .where(and(eq(paymentAttempts.orderId, order.id), eq(paymentAttempts.status, 'pending')))
            .returning()
        : []
    for (const a of open)
      await recordPaymentEvent(tx, {
        orderId: order.id,
        attemptId: a.id,
        actorId,
        provider: a.provider,
        type: 'expired',
        detail: 'passage en espèces',
      })
    await tx
      .update(orders)
      .set({
        paymentMethod: to.method,
        paymentWallet: wallet,
        paymentStatus: 'pending',
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, order.id))
    await orderPaymentEvent(tx, order.id, actorId, order.paymentStatus, 'pending')
    await recordPaymentEvent(tx, {
      orderId: order.id,
      actorId,
      type: 'method_changed',
      detail: `${to.method}${wallet ? ` (${wallet})` : ''}${to.reason ? ` — ${to.reason}` : ''}`,
    })
    return open
  })
  // Best effort: the worker would find a payment made anyway.
  await Promise.allSettled(
    closing.map((a) =>
      payments.providers[a.provider]?.expire?.({
        reference: a.reference,
        providerRef: a.providerRef,
        countryCode: a.countryCode,
      }),
    ),
  )
}

/** The gate of changeOrderStatus: an order chosen for mobile money leaves for delivery only paid. */
export function assertPaidForDelivery(
  order: Pick<OrderRow, 'status' | 'paymentMethod' | 'paymentStatus'>,
  to: string,
) {
  if (to !== 'in_delivery' && to !== 'delivered') return
  if (order.status === 'in_delivery' || order.status === 'delivered') return
  if (order.paymentMethod === 'mobile_money' && order.paymentStatus !== 'paid')
    throw conflict(
      'La commande ne peut pas partir en livraison : elle doit être payée par mobile money, ou passée en espèces.',
    )
}

/** The attempts and payment events of an order, newest attempt first, events oldest first. */
export async function orderPayments(db: Executor, orderId: number, total: number) {
  const attempts = await db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.orderId, orderId))
    .orderBy(desc(paymentAttempts.id))
  const events = await db
    .select({
      id: paymentEvents.id,
      attemptId: paymentEvents.attemptId,
      type: paymentEvents.type,
      provider: paymentEvents.provider,
      providerStatus: paymentEvents.providerStatus,
      detail: paymentEvents.detail,
      actorId: paymentEvents.actorId,
      actorName: sql<string | null>`(select display_name from users where id = ${paymentEvents.actorId})`,
      createdAt: paymentEvents.createdAt,
    })
    .from(paymentEvents)
    .where(eq(paymentEvents.orderId, orderId))
    .orderBy(asc(paymentEvents.id))
  return { attempts: attempts.map((a) => attemptView(a, total)), events }
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

const CLAIM_LEASE_SECONDS = 60

/**
 * The reconciliation worker (housekeeping): claims due pending attempts (FOR UPDATE SKIP LOCKED
 * and a lease, so one instance at a time asks about one attempt), asks the provider, applies
 * the answer, and sets the next question: soon, then less often, until the attempt expires.
 */
export async function reconcileDue(db: Db, payments: Payments, limit = 20) {
  const claimed = await db
    .update(paymentAttempts)
    .set({
      nextCheckAt: sql`now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})`,
      checks: sql`${paymentAttempts.checks} + 1`,
    })
    .where(
      inArray(
        paymentAttempts.id,
        db
          .select({ id: paymentAttempts.id })
          .from(paymentAttempts)
          .where(and(eq(paymentAttempts.status, 'pending'), lte(paymentAttempts.nextCheckAt, sql`now()`)))
          .orderBy(asc(paymentAttempts.nextCheckAt))
          .limit(limit)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning({ id: paymentAttempts.id })
  const ids = claimed
  let changed = 0
  for (const { id } of ids) {
    const [a] = await db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.id, Number(id)))
    if (!a || a.status !== 'pending') continue
    try {
      if (!a.providerRef) {
        // Never reached the provider (it was down, or the process stopped): nothing to ask.
        if (a.expiresAt.getTime() <= Date.now()) {
          const r = await applyTruth(
            db,
            payments,
            a.id,
            { state: 'pending', amount: null, currency: null, raw: 'NO_SESSION' },
            'worker',
          )
          if (r.changed) changed++
        }
      } else {
        const r = await confirmAttempt(db, payments, a.provider, a.reference, 'worker')
        if (r.changed) changed++
        if (r.status === 'expired')
          await payments.providers[a.provider]
            ?.expire?.({ reference: a.reference, providerRef: a.providerRef, countryCode: a.countryCode })
            .catch(() => {})
      }
    } catch (err) {
      if (!(err instanceof ProviderUnavailable)) throw err
    }
    await db
      .update(paymentAttempts)
      .set({
        nextCheckAt: new Date(
          Math.min(
            Date.now() + nextCheckDelayMs(a.checks),
            Math.max(a.expiresAt.getTime(), Date.now() + 1_000),
          ),
        ),
      })
      .where(and(eq(paymentAttempts.id, a.id), eq(paymentAttempts.status, 'pending')))
  }
  return { checked: ids.length, changed }
}

/**
 * Refunds asked of a provider's API (Wave): each claimed by a conditional update with a lease
 * (next_check_at, unused once an attempt is paid), so one instance at a time asks for one
 * refund, with no transaction held open over the call; done once the provider said yes, tried
 * again after the lease otherwise.
 */
export async function processRefunds(db: Db, payments: Payments, limit = 10) {
  let done = 0
  const claimed = await db
    .update(paymentAttempts)
    .set({ nextCheckAt: sql`now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})` })
    .where(
      inArray(
        paymentAttempts.id,
        db
          .select({ id: paymentAttempts.id })
          .from(paymentAttempts)
          .where(
            and(eq(paymentAttempts.refundStatus, 'requested'), lte(paymentAttempts.nextCheckAt, sql`now()`)),
          )
          .limit(limit)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning()
  for (const a of claimed) {
    const client = payments.providers[a.provider]
    if (!client?.refund) continue
    try {
      await client.refund({ reference: a.reference, providerRef: a.providerRef, countryCode: a.countryCode })
    } catch (err) {
      if (err instanceof ProviderUnavailable) continue
      throw err
    }
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(paymentAttempts)
        .set({ refundStatus: 'done', updatedAt: sql`now()` })
        .where(and(eq(paymentAttempts.id, a.id), eq(paymentAttempts.refundStatus, 'requested')))
        .returning({ id: paymentAttempts.id })
      if (!row) return
      await recordPaymentEvent(tx, {
        orderId: a.orderId,
        attemptId: a.id,
        provider: a.provider,
        type: 'refunded',
        detail: 'remboursé par l’API du prestataire',
      })
      done++
    })
  }
  return { done }
}

/** Due pending attempts exist (tests and the worker's log). */
export async function pendingDue(db: Executor) {
  const rows = await db
    .select({ id: paymentAttempts.id })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.status, 'pending'), lte(paymentAttempts.nextCheckAt, sql`now()`)))
  return rows.length
}

/** The order's payment as the waiting page and the driver's card read it: its state and latest attempt. */
export async function paymentState(db: Executor, orderId: number) {
  const [order] = await db
    .select({
      orderId: orders.id,
      paymentStatus: orders.paymentStatus,
      paymentMethod: orders.paymentMethod,
      paymentWallet: orders.paymentWallet,
      totalAmount: orders.totalAmount,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
  if (!order) throw notFound('Commande non trouvée')
  const [latest] = await db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.orderId, orderId))
    .orderBy(desc(paymentAttempts.id))
    .limit(1)
  return { ...order, attempt: latest ? attemptView(latest, order.totalAmount) : null }
}

/**
 * The reconciliation view of one country's day (docs/rules/money.md#payments): each attempt the
 * provider said was paid (for that day) against its order, and each order marked paid by mobile
 * money without a paid attempt. missing: paid at the provider, the order not paid (and not to be
 * refunded); extra: the order paid, no paid attempt; amount: the provider says another amount.
 */
export async function reconciliation(db: Executor, countryId: number, day: string) {
  const rows = await db.execute<{
    order_id: number
    attempt_id: number | null
    reference: string | null
    provider: PaymentProvider | null
    provider_amount: number | null
    order_amount: number | null
    issue: 'missing' | 'extra' | 'amount' | null
    refund_status: Attempt['refundStatus']
  }>(sql`
    with c as (select time_zone from countries where id = ${countryId}),
    paid as (
      select a.*, o.payment_status as order_payment, o.total_amount
      from payment_attempts a join orders o on o.id = a.order_id, c
      where o.country_id = ${countryId} and a.status in ('paid', 'mismatch')
        and exists (select 1 from payment_events e where e.attempt_id = a.id and e.type in ('paid', 'amount_mismatch')
          and (e.created_at at time zone c.time_zone)::date = ${day}::date)
    )
    select p.order_id, p.id as attempt_id, p.reference, p.provider, p.amount as provider_amount,
      case when p.order_payment in ('paid', 'refunded') then p.total_amount end as order_amount,
      case when p.status = 'mismatch' then 'amount'
           when p.order_payment not in ('paid', 'refunded') and p.refund_status is null then 'missing' end as issue,
      p.refund_status
    from paid p
    union all
    select o.id, null, null, null, null, o.total_amount, 'extra', null
    from orders o, c
    where o.country_id = ${countryId} and o.payment_method = 'mobile_money' and o.payment_status = 'paid'
      and (o.updated_at at time zone c.time_zone)::date = ${day}::date
      and not exists (select 1 from payment_attempts a where a.order_id = o.id and a.status = 'paid')
    order by 1, 2`)
  const list = (rows as unknown as { rows?: unknown[] }).rows ?? (rows as unknown as unknown[])
  return (list as Record<string, unknown>[]).map((r) => ({
    orderId: Number(r.order_id),
    attemptId: r.attempt_id == null ? null : Number(r.attempt_id),
    reference: (r.reference as string | null) ?? null,
    provider: (r.provider as PaymentProvider | null) ?? null,
    providerAmount: r.provider_amount == null ? null : Number(r.provider_amount),
    orderAmount: r.order_amount == null ? null : Number(r.order_amount),
    issue: (r.issue as 'missing' | 'extra' | 'amount' | null) ?? null,
    refundStatus: (r.refund_status as Attempt['refundStatus']) ?? null,
  }))
}
