import { and, eq, sql } from 'drizzle-orm'
import {
  amountToAsk,
  ATTEMPT_TTL_MS,
  nextCheckDelayMs,
  paymentProviderLabels,
  providerMinimum,
} from '@/shared/domain/payments'
import { formatMoney } from '@/shared/format'
import type { Db, Executor } from '@/server/db/client'
import { countries, orderEvents, orderItems, orders, paymentAttempts } from '@/server/db/schema'
import { HttpError, badRequest, conflict, serviceUnavailable } from '@/server/http/errors'
import type { Payments } from './connect'
import { watchKey } from './faults'
import { ProviderKeyRefused, PROVIDER_TIMEOUT_MS, ProviderUnavailable } from './providers/types'
import { closeAtProviders, closeOpenAttempts } from './settle'
import {
  type Attempt,
  type AttemptView,
  type OrderRow,
  PARTLY_PAID_REST,
  PROVIDER_DOWN_MESSAGE,
  PROVIDER_KEY_MESSAGE,
  PROVIDER_RETRY_AFTER,
  attemptView,
  lockOrder,
  newReference,
  orderPaymentEvent,
  recordPaymentEvent,
} from './records'
import { walletsOfCountry } from './method'

// docs/rules/money.md#payments: an attempt is started here, for what its order still owes, one
// open at a time per order; only the provider's status query confirms it (confirmation.ts).

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
  const closing: Attempt[] = []
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
    // docs/rules/money.md#payments, "Bound to the order": what the order still owes, as asked.
    const owed = order.totalAmount - order.amountPaid
    const { amount } = amountToAsk(choice.provider, owed)
    if (amount <= 0) throw conflict('Le montant de cette commande ne peut pas être payé par mobile money.')
    if (amount < providerMinimum[choice.provider])
      throw conflict(
        `${owed < order.totalAmount ? 'Le reste à payer' : 'Le montant'} (${formatMoney(owed)}) est inférieur au minimum d’un paiement par ${paymentProviderLabels[choice.provider]} (${formatMoney(providerMinimum[choice.provider])}) : il se règle en espèces, au livreur.`,
      )
    const wallet = opts.wallet === null ? null : choice.wallet
    // One open attempt per order (a unique index): the same payment is answered again, or
    // waited for while its provider is asked (taps at once make one attempt); any other is
    // closed by the new one.
    const [open] = await tx
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.orderId, order.id), eq(paymentAttempts.status, 'pending')))
      .for('update')
    if (open) {
      const same = open.provider === choice.provider && open.amount === amount && open.wallet === wallet
      const fresh = open.expiresAt.getTime() > Date.now() + 60_000
      if (same && fresh && open.checkoutUrl) return { kind: 'resume' as const, attempt: open, order }
      if (same && fresh && open.createdAt.getTime() > Date.now() - PREPARING_MS)
        return { kind: 'wait' as const, attempt: open, order }
      closing.push(
        ...(await closeOpenAttempts(tx, order.id, actor.id, 'remplacée par une nouvelle tentative')),
      )
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
  const owed = prepared.order.totalAmount - prepared.order.amountPaid
  if (prepared.kind === 'resume') return attemptView(prepared.attempt, owed)
  if (prepared.kind === 'wait') return attemptView(await preparedElsewhere(db, prepared.attempt.id), owed)
  // The attempts the new one replaced: closed at their provider too.
  await closeAtProviders(payments, closing)

  return attemptView(
    await openAtProvider(db, payments, prepared.attempt, `Commande ${orderId}`, opts.returnPath),
    owed,
  )
}

/**
 * Asks the attempt's provider for its checkout (an order's, or a reservation's instalment) and
 * keeps its session and address. The provider down: the attempt is marked failed, 503 with
 * Retry-After, nothing was charged (no checkout address reached anyone).
 */
export async function openAtProvider(
  db: Db,
  payments: Payments,
  attempt: Attempt,
  description: string,
  returnPath: string,
): Promise<Attempt> {
  const client = payments.providers[attempt.provider]
  try {
    if (!client) throw new ProviderUnavailable(attempt.provider, 'not configured')
    const made = await watchKey(db, payments, attempt, () =>
      client.create({
        reference: attempt.reference,
        amount: attempt.amount,
        currency: attempt.currency,
        countryCode: attempt.countryCode,
        description,
        notifyUrl: `${payments.origin}/_api/payments/notify/${attempt.provider}`,
        returnUrl: `${payments.origin}${returnPath}`,
      }),
    )
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
    return row ?? attempt
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
          orderId: attempt.orderId,
          reservationId: attempt.reservationId,
          voucherId: attempt.voucherId,
          attemptId: attempt.id,
          provider: attempt.provider,
          type: err instanceof ProviderKeyRefused ? 'provider_key_refused' : 'provider_unavailable',
          detail:
            err instanceof ProviderKeyRefused
              ? `Le prestataire a refusé la clé de la boutique (${err.detail}) : tentative abandonnée, rien n’a été débité.`
              : 'Le prestataire n’a pas répondu : tentative abandonnée, rien n’a été débité.',
        })
    })
    throw serviceUnavailable(
      err instanceof ProviderKeyRefused ? PROVIDER_KEY_MESSAGE : PROVIDER_DOWN_MESSAGE,
      PROVIDER_RETRY_AFTER,
    )
  }
}

/** How long an attempt may wait for its provider's checkout address (the call's limit and a margin). */
const PREPARING_MS = PROVIDER_TIMEOUT_MS + 4_000

/**
 * The same payment asked for at once (taps on "Payer" in a row): waits for the attempt another
 * request is preparing to get its checkout address, and answers it. Failed meanwhile: the
 * provider is down, as that request answered.
 */
async function preparedElsewhere(db: Db, attemptId: number): Promise<Attempt> {
  const until = Date.now() + PREPARING_MS
  for (;;) {
    const [a] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, attemptId))
    if (a?.checkoutUrl) return a
    if (!a || a.status !== 'pending' || Date.now() > until)
      throw serviceUnavailable(PROVIDER_DOWN_MESSAGE, PROVIDER_RETRY_AFTER)
    await new Promise((r) => setTimeout(r, 150))
  }
}
