import { and, eq, inArray, lte, sql } from 'drizzle-orm'
import { formatMoney } from '@/shared/format'
import type { Db, Executor } from '@/server/db/client'
import { paymentAttempts } from '@/server/db/schema'
import { conflict } from '@/server/http/errors'
import type { Payments } from './connect'
import { ProviderUnavailable } from './providers/types'
import { CLAIM_LEASE_SECONDS, recordPaymentEvent } from './records'
import { flagRefund } from './settle'
import { enqueueAccountMessage, enqueueOrderMessage } from '@/server/services/messages/outbox'
import type { RefundWay } from '@/shared/domain/refunds'
import { watchKey } from './faults'

// docs/rules/money.md#payments, "Refunds": money given back, by the provider's API (Wave, whole
// attempts) or by staff ("Remboursement à faire").

/**
 * The step of a cancellation (services/orders/order-status.ts), in its transaction, the order locked:
 * each paid attempt not yet given back is to be refunded whole, by the provider's API (the worker
 * calls it: 'requested') or by staff ('to_do', "Remboursement à faire"); an excess flagged and not
 * yet given back becomes the whole attempt. An excess already given back leaves the rest to give
 * by hand (`excess_unassigned`: staff see it). The order's payment becomes refunded there
 * (statusEffects).
 */
export async function flagRefundsOnCancel(tx: Executor, orderId: number, actorId: number) {
  const paid = await tx
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.status, 'paid')))
    .for('update')
  for (const a of paid) {
    if (a.refundStatus === null || (a.refundStatus === 'to_do' && a.refundAmount !== null))
      await flagRefund(tx, orderId, actorId, 'commande annulée', { attempt: a })
    else if (a.refundStatus === 'done' && a.refundAmount !== null)
      await recordPaymentEvent(tx, {
        orderId,
        attemptId: a.id,
        actorId,
        provider: a.provider,
        type: 'excess_unassigned',
        detail: `commande annulée : ${formatMoney(a.amount - a.refundAmount)} restent à rendre à la main`,
      })
  }
}

/**
 * Staff record a refund made by hand (CinetPay has no refund API): "Remboursement à faire" → done.
 * The attempt pays an order (its id) or a campaign's reservation (`{ reservationId }`).
 */
export async function recordRefundDone(
  db: Db,
  actorId: number,
  attemptId: number,
  paying: number | { reservationId: number },
) {
  const orderId = typeof paying === 'number' ? paying : null
  const reservationId = typeof paying === 'number' ? null : paying.reservationId
  await db.transaction(async (tx) => {
    const [a] = await tx
      .update(paymentAttempts)
      .set({ refundStatus: 'done', updatedAt: sql`now()` })
      .where(
        and(
          eq(paymentAttempts.id, attemptId),
          orderId !== null
            ? eq(paymentAttempts.orderId, orderId)
            : eq(paymentAttempts.reservationId, reservationId!),
          eq(paymentAttempts.refundStatus, 'to_do'),
        ),
      )
      .returning()
    if (!a) throw conflict('Aucun remboursement à faire pour ce paiement.')
    await recordPaymentEvent(tx, {
      orderId,
      reservationId,
      attemptId,
      actorId,
      provider: a.provider,
      type: 'refund_done',
      detail: `remboursé à la main${a.refundAmount !== null ? ` : ${formatMoney(a.refundAmount)}` : ''}`,
    })
    await tellRefunded(tx, a, 'shop')
  })
}

/**
 * docs/rules/money-told.md#refunds-told: the client is told its money was given back (how much, where,
 * how, the day in its country), in the transaction that records it done: once per refund.
 */
async function tellRefunded(tx: Executor, a: typeof paymentAttempts.$inferSelect, way: RefundWay) {
  if (a.orderId === null) return tellReservationRefunded(tx, a)
  const [day] = (
    (await tx.execute(sql`
      select to_char(now() at time zone c.time_zone, 'DD/MM/YYYY') as day
      from orders o join countries c on c.id = o.country_id where o.id = ${a.orderId}`)) as {
      rows: { day: string }[]
    }
  ).rows
  await enqueueOrderMessage(tx, a.orderId, 'refunded', {
    amount: a.refundAmount ?? a.amount,
    wallet: a.wallet,
    refundWay: way,
    ...(day ? { refundedOn: day.day } : {}),
  })
}

/** docs/rules/campaigns-operations.md#cancelling: a reservation's client told of each refund made. */
async function tellReservationRefunded(tx: Executor, a: typeof paymentAttempts.$inferSelect) {
  if (a.reservationId === null) return
  const [r] = (
    (await tx.execute(sql`
      select r.user_id, c.name as campaign, coalesce('boucle ' || an.tag, s.name) as item
      from campaign_reservations r join campaigns c on c.id = r.campaign_id
      left join campaign_animals an on an.id = r.animal_id
      left join campaign_shares s on s.id = r.share_id
      where r.id = ${a.reservationId}`)) as {
      rows: { user_id: number; campaign: string; item: string | null }[]
    }
  ).rows
  if (!r) return
  await enqueueAccountMessage(tx, Number(r.user_id), 'campaign_refunded', null, {
    campaign: r.campaign,
    item: r.item ?? undefined,
    amount: a.refundAmount ?? a.amount,
    wallet: a.wallet,
  })
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
      await watchKey(db, payments, a, () =>
        client.refund!({ reference: a.reference, providerRef: a.providerRef, countryCode: a.countryCode }),
      )
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
        reservationId: a.reservationId,
        attemptId: a.id,
        provider: a.provider,
        type: 'refunded',
        detail: 'remboursé par l’API du prestataire',
      })
      await tellRefunded(tx, a, 'provider')
      done++
    })
  }
  return { done }
}
