import { and, asc, eq, sql } from 'drizzle-orm'
import { CANCELLABLE, cancellationSplit } from '@/shared/domain/campaign-operations'
import { formatMoney } from '@/shared/format'
import type { SessionUser } from '@/shared/schemas/auth'
import type { Db, Executor } from '@/server/db/client'
import {
  campaignAnimals,
  campaignCashReceipts,
  campaignReservations,
  campaignShares,
  paymentAttempts,
} from '@/server/db/schema'
import { conflict } from '@/server/http/errors'
import { enqueueAccountMessage } from '../messages/outbox'
import { recordPaymentEvent } from '../money/payments/records'
import { lockReservation } from '../money/payments/reservations'
import { flagRefund } from '../money/payments/settle'
import { recordRefundDone } from '../money/payments/refunds'
import { releaseCampaignSlotPlace } from './choose'
import { operationRow, reservationInScope } from './operations'

// docs/rules/campaigns-operations.md#cancelling: staff cancel a reservation (at its due date with a
// balance left, or at the client's request): the animal is free again (a share back in stock), the
// slot's place too; what was paid is given back less the campaign's fee until its refundable date,
// kept whole after it; the client is told.

/**
 * Gives back `refund` of what a reservation received, the shop keeping the rest: the kept part is
 * taken from the cash first (it is in the till), then from the oldest attempts. Cash is handed back
 * at the counter as the cancellation is recorded; an attempt given back whole goes to its
 * provider's refund (Wave's API, 'requested') or to staff ('to_do'), a part of one to staff.
 */
async function giveBack(tx: Executor, reservationId: number, actorId: number, kept: number) {
  let keep = kept
  let cash = 0
  let byWallet = 0
  const receipts = await tx
    .select()
    .from(campaignCashReceipts)
    .where(eq(campaignCashReceipts.reservationId, reservationId))
    .orderBy(asc(campaignCashReceipts.id))
  for (const c of receipts) {
    const counted = c.amount - c.givenBack
    const here = Math.min(keep, counted)
    keep -= here
    const give = counted - here
    if (give <= 0) continue
    cash += give
    await tx
      .update(campaignCashReceipts)
      .set({ givenBack: c.givenBack + give })
      .where(eq(campaignCashReceipts.id, c.id))
  }
  if (cash > 0)
    await recordPaymentEvent(tx, {
      orderId: null,
      reservationId,
      actorId,
      type: 'cash_given_back',
      detail: `réservation annulée : ${formatMoney(cash)} rendus en espèces à la boutique`,
    })
  const paid = await tx
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.reservationId, reservationId), eq(paymentAttempts.status, 'paid')))
    .orderBy(asc(paymentAttempts.id))
    .for('update')
  for (const a of paid) {
    // What this attempt counted for the reservation: all of it, less an excess already flagged.
    const excess = a.refundStatus === null ? 0 : (a.refundAmount ?? a.amount)
    const counted = a.amount - excess
    const here = Math.min(keep, counted)
    keep -= here
    const give = counted - here
    if (give <= 0) continue
    byWallet += give
    if (a.refundStatus === null && give === a.amount) {
      await flagRefund(tx, null, actorId, 'réservation annulée', { attempt: a })
      continue
    }
    if (a.refundStatus === 'to_do' || a.refundStatus === null) {
      const amount = excess + give
      await tx
        .update(paymentAttempts)
        .set({
          refundStatus: 'to_do',
          refundAmount: amount >= a.amount ? null : amount,
          updatedAt: sql`now()`,
        })
        .where(eq(paymentAttempts.id, a.id))
      await recordPaymentEvent(tx, {
        orderId: null,
        reservationId,
        attemptId: a.id,
        actorId,
        provider: a.provider,
        type: 'refund_to_do',
        detail: `réservation annulée : ${formatMoney(give)} à rendre`,
      })
    } else
      // Its excess is already given back or asked of the provider: the rest is given by hand.
      await recordPaymentEvent(tx, {
        orderId: null,
        reservationId,
        attemptId: a.id,
        actorId,
        provider: a.provider,
        type: 'excess_unassigned',
        detail: `réservation annulée : ${formatMoney(give)} restent à rendre à la main`,
      })
  }
  return { cash, byWallet }
}

export async function cancelReservation(db: Db, user: SessionUser, reservationId: number) {
  const { campaign } = await reservationInScope(db, user, reservationId)
  await db.transaction(async (tx) => {
    const r = await lockReservation(tx, reservationId)
    if (!CANCELLABLE.includes(r.status))
      throw conflict(
        r.status === 'cancelled'
          ? 'Cette réservation est déjà annulée.'
          : r.status === 'expired'
            ? 'Cette réservation a expiré : il n’y a rien à annuler.'
            : 'Cet animal est déjà remis au client : la réservation ne s’annule plus.',
      )
    const split = cancellationSplit(campaign, r.amountPaid, new Date())
    await tx
      .update(campaignReservations)
      .set({
        status: 'cancelled',
        cancelledAt: sql`now()`,
        cancelledBy: user.id,
        keptAmount: split.kept,
        refundAmount: split.refund,
        updatedAt: sql`now()`,
      })
      .where(eq(campaignReservations.id, r.id))
    // The animal is free again for another client; a share goes back to its stock.
    let item: string
    if (r.animalId !== null) {
      const [a] = await tx
        .update(campaignAnimals)
        .set({ status: 'available', updatedAt: sql`now()` })
        .where(eq(campaignAnimals.id, r.animalId))
        .returning({ tag: campaignAnimals.tag })
      item = `boucle ${a?.tag ?? ''}`
    } else {
      const [s] = await tx
        .update(campaignShares)
        .set({ stock: sql`${campaignShares.stock} + 1` })
        .where(eq(campaignShares.id, r.shareId!))
        .returning({ name: campaignShares.name })
      item = s?.name ?? ''
    }
    if (r.slotId !== null) await releaseCampaignSlotPlace(tx, r.slotId)
    const given = await giveBack(tx, r.id, user.id, split.kept)
    await recordPaymentEvent(tx, {
      orderId: null,
      reservationId: r.id,
      actorId: user.id,
      type: 'reservation_cancelled',
      detail: `annulée par le personnel : ${formatMoney(split.kept)} gardés, ${formatMoney(split.refund)} rendus`,
    })
    await enqueueAccountMessage(tx, r.userId, 'campaign_cancelled', null, {
      campaign: campaign.name,
      item,
      kept: split.kept,
      byWallet: given.byWallet,
      cash: given.cash,
    })
  })
  return operationRow(db, reservationId)
}

/** Staff record a reservation's refund made by hand: "Remboursement à faire" → done, the client told. */
export async function reservationRefundDone(
  db: Db,
  user: SessionUser,
  reservationId: number,
  attemptId: number,
) {
  await reservationInScope(db, user, reservationId)
  await recordRefundDone(db, user.id, attemptId, { reservationId })
  return operationRow(db, reservationId)
}
