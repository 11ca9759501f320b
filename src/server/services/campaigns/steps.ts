import { and, eq, inArray, sql } from 'drizzle-orm'
import { instalmentRefusal, LIVE_RESERVATION } from '@/shared/domain/campaigns'
import { type OperationStep, stepFrom, stepRefusal } from '@/shared/domain/campaign-operations'
import { pointsEarnedFor } from '@/shared/domain/pricing'
import { formatMoney } from '@/shared/format'
import type { SessionUser } from '@/shared/schemas/auth'
import type { Db } from '@/server/db/client'
import { campaignAnimals, campaignCashReceipts, campaignReservations } from '@/server/db/schema'
import { badRequest, conflict } from '@/server/http/errors'
import { movePoints } from '../money/loyalty'
import { recordPaymentEvent } from '../money/payments/records'
import { lockReservation } from '../money/payments/reservations'
import { followStatus, releaseExpiredHolds } from './items'
import { operationRow, reservationInScope } from './operations'

// docs/rules/campaigns-operations.md: what staff do to one reservation on the feast days. Each
// change is one conditional update (or under the reservation's row lock): two staff at once
// cannot apply it twice; the second reads 409 in French.

const CHANGED = 'Cette réservation vient d’être modifiée par quelqu’un d’autre : rechargez la liste.'

/**
 * docs/rules/campaigns-operations.md#handing-over: ready (from booked or paid), then delivered or
 * collected (from ready, the balance paid). Delivered or collected credits the client the points
 * of what was paid, once: only the update that changed the status credits them.
 */
export async function applyStep(db: Db, user: SessionUser, reservationId: number, step: OperationStep) {
  const { r: before, campaign } = await reservationInScope(db, user, reservationId)
  await db.transaction(async (tx) => {
    const handOver = step !== 'ready'
    const [r] = await tx
      .update(campaignReservations)
      .set({ status: step, updatedAt: sql`now()` })
      .where(
        and(
          eq(campaignReservations.id, reservationId),
          inArray(campaignReservations.status, [...stepFrom[step]]),
          handOver
            ? sql`${campaignReservations.amountPaid} >= ${campaignReservations.price} + ${campaignReservations.servicesAmount}`
            : undefined,
        ),
      )
      .returning()
    if (!r) {
      const [now] = await tx
        .select()
        .from(campaignReservations)
        .where(eq(campaignReservations.id, reservationId))
      const refusal = now
        ? stepRefusal(step, { status: now.status, balance: now.price + now.servicesAmount - now.amountPaid })
        : null
      throw conflict(refusal ?? CHANGED)
    }
    if (r.animalId !== null)
      await tx
        .update(campaignAnimals)
        .set({ status: step, updatedAt: sql`now()` })
        .where(eq(campaignAnimals.id, r.animalId))
    if (handOver) {
      const points = pointsEarnedFor(r.amountPaid)
      const item = before.animalId !== null ? 'animal' : 'part'
      await movePoints(tx, {
        userId: r.userId,
        type: 'earned',
        points,
        description: `Points gagnés sur la réservation ${campaign.name} (${item} ${step === 'delivered' ? 'livré' : 'retiré'})`,
      })
      await tx
        .update(campaignReservations)
        .set({ pointsEarned: points })
        .where(eq(campaignReservations.id, r.id))
    }
  })
  return operationRow(db, reservationId)
}

/**
 * docs/rules/campaigns-operations.md#cash: cash taken at the shop, bound as an instalment is (the
 * deposit first, then 1 000 F at least, never past the balance: `instalmentRefusal`), counted at
 * once under the reservation's row lock, with who took it.
 */
export async function recordCash(db: Db, user: SessionUser, reservationId: number, amount: number) {
  const { campaign } = await reservationInScope(db, user, reservationId)
  await releaseExpiredHolds(db, campaign.id)
  await db.transaction(async (tx) => {
    const r = await lockReservation(tx, reservationId)
    if (!LIVE_RESERVATION.includes(r.status))
      throw conflict(
        r.status === 'expired'
          ? 'Cette réservation a expiré : l’acompte n’a pas été payé à temps.'
          : r.status === 'cancelled'
            ? 'Cette réservation est annulée.'
            : 'Cette réservation est déjà remise au client.',
      )
    const total = r.price + r.servicesAmount
    const refusal = instalmentRefusal(
      { total, amountPaid: r.amountPaid, depositAmount: r.depositAmount },
      amount,
    )
    if (refusal) throw badRequest(refusal, { amount: [refusal] })
    await tx.insert(campaignCashReceipts).values({ reservationId, amount, recordedBy: user.id })
    const amountPaid = r.amountPaid + amount
    await tx
      .update(campaignReservations)
      .set({ amountPaid, updatedAt: sql`now()` })
      .where(eq(campaignReservations.id, reservationId))
    let next = r.status
    if (amountPaid >= total && (r.status === 'held' || r.status === 'booked')) next = 'paid'
    else if (amountPaid >= r.depositAmount && r.status === 'held') next = 'booked'
    if (next !== r.status) await followStatus(tx, r, next)
    await recordPaymentEvent(tx, {
      orderId: null,
      reservationId,
      actorId: user.id,
      type: 'cash_received',
      detail: `${formatMoney(amount)} en espèces à la boutique, reste ${formatMoney(total - amountPaid)}`,
    })
  })
  return operationRow(db, reservationId)
}

/**
 * docs/rules/campaigns-operations.md#due-date: staff give one reservation with a balance left a
 * later due date, after now and no later than the feast's day.
 */
export async function extendDueDate(db: Db, user: SessionUser, reservationId: number, dueAt: Date) {
  const { campaign } = await reservationInScope(db, user, reservationId)
  const feastEnd = new Date(`${campaign.feastDate}T23:59:59Z`)
  const refuse = (message: string) => badRequest(message, { dueAt: [message] })
  if (dueAt.getTime() <= Date.now()) throw refuse('La nouvelle échéance doit être dans le futur.')
  if (dueAt > feastEnd) throw refuse('La nouvelle échéance ne peut pas dépasser le jour de la fête.')
  const [r] = await db
    .update(campaignReservations)
    .set({ dueAt, updatedAt: sql`now()` })
    .where(
      and(
        eq(campaignReservations.id, reservationId),
        inArray(campaignReservations.status, ['held', 'booked', 'ready']),
        sql`${campaignReservations.amountPaid} < ${campaignReservations.price} + ${campaignReservations.servicesAmount}`,
      ),
    )
    .returning({ id: campaignReservations.id })
  if (!r) throw conflict('Cette réservation n’a plus de solde à payer : son échéance ne change pas.')
  await recordPaymentEvent(db, {
    orderId: null,
    reservationId,
    actorId: user.id,
    type: 'due_date_extended',
    detail: `échéance repoussée au ${dueAt.toISOString().slice(0, 10)}`,
  })
  return operationRow(db, reservationId)
}
