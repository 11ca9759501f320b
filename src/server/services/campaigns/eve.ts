import { and, asc, eq, sql } from 'drizzle-orm'
import { pointsEarnedFor } from '@/shared/domain/pricing'
import { formatMoney } from '@/shared/format'
import type { SessionUser } from '@/shared/schemas/auth'
import type { EveDelivery } from '@/shared/schemas/campaign-eve'
import type { Db, Executor } from '@/server/db/client'
import {
  campaignAnimals,
  campaignReservations,
  campaignShares,
  campaignSlots,
  campaigns,
  countries,
  preparations,
  users,
} from '@/server/db/schema'
import { badRequest, conflict, notFound } from '@/server/http/errors'
import { DRIVER_NOT_FOUND, recordReservationCollection } from '../money/cash'
import { movePoints } from '../money/loyalty'
import { recordPaymentEvent } from '../money/payments/records'
import { lockReservation } from '../money/payments/reservations'
import { followStatus, RESERVATION_NOT_FOUND } from './items'
import { operationRow, reservationInScope } from './operations'

// docs/rules/campaigns-operations.md#delivery-on-the-eve (decision 0082): staff give a ready
// reservation of a delivery slot to a driver of the campaign's country; the driver delivers it,
// collecting the balance in cash at the door into the drivers' cash ledger.

export const EVE_COLLECTION_SLOT = 'Ce créneau est un retrait à la boutique : aucun livreur à affecter.'
export const EVE_NO_SLOT = 'Cette réservation n’a pas de créneau de livraison : aucun livreur à affecter.'
const EVE_NOT_READY = 'Seuls les animaux prêts peuvent être livrés.'
const EVE_ASSIGN_NOT_READY = 'Seules les réservations prêtes peuvent être confiées à un livreur.'

/**
 * Staff assign one of the campaign's country's active drivers (another country's answers 404) to
 * a ready reservation whose slot is a delivery (409 otherwise): one conditional update.
 */
export async function assignEveDriver(db: Db, user: SessionUser, reservationId: number, driverId: number) {
  const { campaign } = await reservationInScope(db, user, reservationId)
  const [driver] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, driverId),
        eq(users.role, 'delivery_driver'),
        eq(users.isActive, true),
        eq(users.countryId, campaign.countryId),
      ),
    )
  if (!driver) throw notFound(DRIVER_NOT_FOUND)
  const [r] = await db
    .update(campaignReservations)
    .set({ deliveryDriverId: driver.id, updatedAt: sql`now()` })
    .where(
      and(
        eq(campaignReservations.id, reservationId),
        eq(campaignReservations.status, 'ready'),
        sql`exists (select 1 from ${campaignSlots} s where s.id = ${campaignReservations.slotId} and s.kind = 'delivery')`,
      ),
    )
    .returning({ id: campaignReservations.id })
  if (!r) {
    const [now] = await db
      .select({ status: campaignReservations.status, kind: campaignSlots.kind })
      .from(campaignReservations)
      .leftJoin(campaignSlots, eq(campaignSlots.id, campaignReservations.slotId))
      .where(eq(campaignReservations.id, reservationId))
    if (now?.kind === 'collection') throw conflict(EVE_COLLECTION_SLOT)
    if (!now?.kind) throw conflict(EVE_NO_SLOT)
    throw conflict(EVE_ASSIGN_NOT_READY)
  }
  return operationRow(db, reservationId)
}

/** The ready reservations given to a driver, by slot then tag, with the balance it collects. */
export async function eveDeliveriesOf(db: Executor, driverId: number): Promise<EveDelivery[]> {
  const rows = await db
    .select({
      r: campaignReservations,
      campaignName: campaigns.name,
      tag: campaignAnimals.tag,
      breed: campaignAnimals.breed,
      shareName: campaignShares.name,
      cutting: preparations.name,
      slotStartsAt: campaignSlots.startsAt,
      slotEndsAt: campaignSlots.endsAt,
      timeZone: countries.timeZone,
    })
    .from(campaignReservations)
    .innerJoin(campaigns, eq(campaigns.id, campaignReservations.campaignId))
    .innerJoin(countries, eq(countries.id, campaigns.countryId))
    .leftJoin(campaignAnimals, eq(campaignAnimals.id, campaignReservations.animalId))
    .leftJoin(campaignShares, eq(campaignShares.id, campaignReservations.shareId))
    .leftJoin(campaignSlots, eq(campaignSlots.id, campaignReservations.slotId))
    .leftJoin(preparations, eq(preparations.id, campaignReservations.preparationId))
    .where(and(eq(campaignReservations.deliveryDriverId, driverId), eq(campaignReservations.status, 'ready')))
    .orderBy(
      sql`${campaignSlots.startsAt} asc nulls last`,
      asc(campaignAnimals.tag),
      asc(campaignReservations.id),
    )
  return rows.map(({ r, ...x }) => ({
    reservationId: r.id,
    campaignName: x.campaignName,
    tag: x.tag,
    shareName: x.shareName,
    breed: x.breed,
    slaughter: r.slaughter,
    cutting: x.cutting,
    recipientName: r.recipientName,
    recipientPhone: r.recipientPhone,
    recipientAddress: r.recipientAddress,
    slotStartsAt: x.slotStartsAt,
    slotEndsAt: x.slotEndsAt,
    timeZone: x.timeZone,
    balance: r.price + r.servicesAmount - r.amountPaid,
  }))
}

/**
 * The driver delivers its own ready reservation (another's answers 404), collecting the whole
 * balance in cash (less or more: 400 naming it, nothing written). One transaction, locks in the
 * order of an order's delivery (src/server/services/money/cash.ts): the reservation's row, the
 * client's (its points), then the driver's (its ledger entry).
 */
export async function deliverOnEve(db: Db, driverId: number, reservationId: number, cash?: number) {
  return db.transaction(async (tx) => {
    const r = await lockReservation(tx, reservationId).catch(() => null)
    if (!r || r.deliveryDriverId !== driverId) throw notFound(RESERVATION_NOT_FOUND)
    if (r.status !== 'ready')
      throw conflict(
        r.status === 'delivered' ? 'Cet animal est déjà livré.' : `${EVE_NOT_READY} Rechargez la liste.`,
      )
    const due = r.price + r.servicesAmount - r.amountPaid
    const taken = cash ?? 0
    if (taken !== due) {
      const message =
        due === 0
          ? 'Cette réservation est déjà payée : n’encaissez rien.'
          : `Le solde dû est de ${formatMoney(due)} : encaissez-le en entier avant de remettre l’animal.`
      throw badRequest(message, { cashCollected: [message] })
    }
    const [campaign] = await tx
      .select({ name: campaigns.name, countryId: campaigns.countryId })
      .from(campaigns)
      .where(eq(campaigns.id, r.campaignId))
    const amountPaid = r.amountPaid + due
    const points = pointsEarnedFor(amountPaid)
    await tx
      .update(campaignReservations)
      .set({ amountPaid, pointsEarned: points, updatedAt: sql`now()` })
      .where(eq(campaignReservations.id, r.id))
    await followStatus(tx, r, 'delivered')
    // docs/rules/campaigns-operations.md#handing-over: the points of what was paid, once.
    await movePoints(tx, {
      userId: r.userId,
      type: 'earned',
      points,
      description: `Points gagnés sur la réservation ${campaign!.name} (${r.animalId !== null ? 'animal' : 'part'} livré)`,
    })
    if (due > 0) {
      await recordReservationCollection(tx, { id: r.id, countryId: campaign!.countryId }, driverId, due)
      await recordPaymentEvent(tx, {
        orderId: null,
        reservationId: r.id,
        actorId: driverId,
        type: 'cash_received',
        detail: `${formatMoney(due)} en espèces au livreur à la livraison, reste ${formatMoney(0)}`,
      })
    }
    return { reservationId: r.id, amountCollected: due }
  })
}
