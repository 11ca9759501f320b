import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { HOLD_MS, instalmentRefusal } from '@/shared/domain/campaigns'
import {
  amountToAsk,
  ATTEMPT_TTL_MS,
  nextCheckDelayMs,
  paymentProviderLabels,
  providerMinimum,
} from '@/shared/domain/payments'
import { formatMoney } from '@/shared/format'
import type { Db, Executor } from '@/server/db/client'
import { campaignReservations, campaigns, countries, paymentAttempts } from '@/server/db/schema'
import { badRequest, conflict, notFound } from '@/server/http/errors'
import {
  followStatus,
  releaseExpiredHolds,
  retake,
  type Reservation,
} from '@/server/services/campaigns/items'
import { reservationOfToken } from '@/server/services/campaigns/links'
import { tellBooked } from '@/server/services/messages/campaign-messages'
import { openAtProvider } from './attempts'
import type { Payments } from './connect'
import { walletsOfCountry } from './method'
import { type Attempt, type AttemptView, attemptView, recordPaymentEvent } from './records'

// docs/rules/campaigns.md#instalments (decision 0066): a reservation is paid by instalments, each a
// payment attempt as an order's, decided by the provider's status query alone (confirmation.ts);
// what they bring is bound to the reservation's balance, never past it.

export const PAY_LINK_INVALID = 'Ce lien de paiement n’est pas valide.'

export const lockReservation = async (tx: Executor, id: number) => {
  const [r] = await tx
    .select()
    .from(campaignReservations)
    .where(eq(campaignReservations.id, id))
    .for('update')
  if (!r) throw notFound('Réservation non trouvée')
  return r
}

export const reservationTotal = (r: Pick<Reservation, 'price' | 'servicesAmount'>) =>
  r.price + r.servicesAmount

/** Why a reservation takes no payment now, or null. */
function unpayable(r: Reservation): string | null {
  if (r.status === 'cancelled') return 'Cette réservation est annulée.'
  if (r.status === 'expired')
    return 'Cette réservation a expiré : l’acompte n’a pas été payé à temps. Réservez à nouveau.'
  if (r.amountPaid >= reservationTotal(r)) return 'Cette réservation est déjà entièrement payée.'
  return null
}

/**
 * One instalment by anyone holding the pay link: checked against what is left (400 naming it),
 * the first at least the deposit, then an attempt for that amount, its provider asked for the
 * checkout. Several payers may have attempts open at once: what they bring is bound to the balance
 * when the provider says paid (`receiveOnReservation`).
 */
export async function startReservationAttempt(
  db: Db,
  payments: Payments,
  actorId: number | null,
  which: { token: string } | { reservationId: number; ownerId: number },
  input: { amount: number; wallet: string },
): Promise<AttemptView> {
  // By a pay link (anyone holding one), or by its id for its owner, from the account
  // (docs/rules/campaigns-client.md#paying-from-the-account): another's answers 404, as absent.
  const found =
    'token' in which
      ? await reservationOfToken(db, which.token)
      : (
          await db
            .select({ id: campaignReservations.id, campaignId: campaignReservations.campaignId })
            .from(campaignReservations)
            .where(
              and(
                eq(campaignReservations.id, which.reservationId),
                eq(campaignReservations.userId, which.ownerId),
              ),
            )
        )[0]
  if (!found) throw notFound('token' in which ? PAY_LINK_INVALID : 'Réservation non trouvée')
  await releaseExpiredHolds(db, found.campaignId)
  const attempt = await db.transaction(async (tx) => {
    const r = await lockReservation(tx, found.id)
    const blocker = unpayable(r)
    if (blocker) throw conflict(blocker)
    const refusal = instalmentRefusal(
      { total: reservationTotal(r), amountPaid: r.amountPaid, depositAmount: r.depositAmount },
      input.amount,
    )
    if (refusal) throw badRequest(refusal, { amount: [refusal] })
    const [place] = await tx
      .select({ countryId: campaigns.countryId, code: countries.code, currency: countries.currency })
      .from(campaigns)
      .innerJoin(countries, eq(countries.id, campaigns.countryId))
      .where(eq(campaigns.id, r.campaignId))
    const offered = await walletsOfCountry(tx, payments, place!.countryId)
    const choice = offered.find((w) => w.wallet === input.wallet)
    if (!choice) {
      const message =
        offered.length === 0
          ? 'Le paiement par mobile money n’est pas proposé dans ce pays.'
          : 'Choisissez un portefeuille mobile money proposé dans ce pays.'
      throw badRequest(message, { wallet: [message] })
    }
    const { amount } = amountToAsk(choice.provider, input.amount)
    if (amount < providerMinimum[choice.provider])
      throw badRequest(
        `Le minimum d’un paiement par ${paymentProviderLabels[choice.provider]} est de ${formatMoney(providerMinimum[choice.provider])}.`,
        { amount: ['Montant trop faible pour ce portefeuille.'] },
      )
    const [row] = await tx
      .insert(paymentAttempts)
      .values({
        reservationId: r.id,
        reference: `ETALR${r.id}X${randomBytes(6).toString('hex').toUpperCase()}`,
        provider: choice.provider,
        wallet: choice.wallet,
        countryCode: place!.code,
        amount,
        currency: place!.currency,
        expiresAt: new Date(Date.now() + ATTEMPT_TTL_MS),
        nextCheckAt: new Date(Date.now() + nextCheckDelayMs(0)),
        createdBy: actorId,
      })
      .returning()
    await recordPaymentEvent(tx, {
      orderId: null,
      reservationId: r.id,
      attemptId: row!.id,
      actorId,
      provider: choice.provider,
      type: 'attempt_created',
      detail: `${row!.reference} : ${formatMoney(amount)}`,
    })
    return row!
  })
  const opened = await openAtProvider(
    db,
    payments,
    attempt,
    `Réservation ${found.id}`,
    'token' in which
      ? `/campagnes/payer?token=${encodeURIComponent(which.token)}`
      : `/reservations/${found.id}`,
  )
  return attemptView(opened, opened.amount)
}

/**
 * Money the provider's status query says an attempt brought, bound to its reservation (its row
 * locked by the caller, then the attempt's): counted up to what is left, the rest flagged to give
 * back (two payers at once never pay more than the balance); the deposit covered books the
 * reservation, the whole price pays it. Money for a reservation cancelled, or expired whose animal
 * was taken since, is given back whole; an expired one whose animal is still free takes it again.
 */
export async function receiveOnReservation(tx: Executor, a: Attempt, r: Reservation) {
  const event = (type: string, detail: string) =>
    recordPaymentEvent(tx, {
      orderId: null,
      reservationId: r.id,
      attemptId: a.id,
      provider: a.provider,
      type,
      detail,
    })
  const giveBack = async (why: string) => {
    await tx
      .update(paymentAttempts)
      .set({ refundStatus: 'to_do', refundAmount: null, updatedAt: sql`now()` })
      .where(eq(paymentAttempts.id, a.id))
    await event('refund_to_do', why)
  }
  let status = r.status
  if (status === 'cancelled') return giveBack('réservation annulée : tout est à rendre')
  if (status === 'expired') {
    if (!(await retake(tx, r)))
      return giveBack('réservation expirée, l’animal est reparti : tout est à rendre')
    status = 'held'
    await tx
      .update(campaignReservations)
      .set({ holdExpiresAt: new Date(Date.now() + HOLD_MS) })
      .where(eq(campaignReservations.id, r.id))
    await event('reservation_retaken', 'payé après l’expiration de la réservation, l’animal était libre')
  }
  const total = reservationTotal(r)
  const left = total - r.amountPaid
  if (left <= 0) return giveBack('réservation déjà entièrement payée : tout est à rendre')
  const received = Math.min(a.amount, left)
  const excess = a.amount - received
  const amountPaid = r.amountPaid + received
  if (excess > 0) {
    await tx
      .update(paymentAttempts)
      .set({ refundStatus: 'to_do', refundAmount: excess, updatedAt: sql`now()` })
      .where(eq(paymentAttempts.id, a.id))
    await event('refund_to_do', `au-delà du solde : ${formatMoney(excess)} à rendre`)
  }
  let next = status
  if (amountPaid >= total && (status === 'held' || status === 'booked')) next = 'paid'
  else if (amountPaid >= r.depositAmount && status === 'held') next = 'booked'
  await tx
    .update(campaignReservations)
    .set({ amountPaid, updatedAt: sql`now()` })
    .where(eq(campaignReservations.id, r.id))
  if (next !== r.status) await followStatus(tx, r, next)
  // docs/rules/campaigns-messages.md: the deposit received books it, said to the client and the recipient.
  if (status === 'held' && next !== 'held') await tellBooked(tx, r.id)
  await event('received', `${formatMoney(received)} reçus, reste ${formatMoney(total - amountPaid)}`)
}
