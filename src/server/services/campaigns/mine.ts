import { and, desc, eq, inArray } from 'drizzle-orm'
import type { MyReservation } from '@/shared/schemas/campaign-client'
import type { Executor } from '@/server/db/client'
import {
  campaignAnimals,
  campaignReservations,
  campaignShares,
  campaigns,
  countries,
} from '@/server/db/schema'
import { notFound } from '@/server/http/errors'
import { RESERVATION_NOT_FOUND, releaseExpiredHolds, type Reservation } from './items'

// docs/rules/campaigns-client.md: what a client reads of its own reservations.

/** A client's reservations (`reservationId`: that one only), newest first, as its owner reads them. */
export async function myReservations(
  db: Executor,
  userId: number,
  reservationId?: number,
): Promise<MyReservation[]> {
  await releaseExpiredHolds(db)
  const rows = await db
    .select({ r: campaignReservations, campaign: campaigns, currency: countries.currency })
    .from(campaignReservations)
    .innerJoin(campaigns, eq(campaigns.id, campaignReservations.campaignId))
    .innerJoin(countries, eq(countries.id, campaigns.countryId))
    .where(
      and(
        eq(campaignReservations.userId, userId),
        reservationId === undefined ? undefined : eq(campaignReservations.id, reservationId),
      ),
    )
    .orderBy(desc(campaignReservations.createdAt), desc(campaignReservations.id))
    .limit(100)
  const animalIds = rows.flatMap(({ r }) => (r.animalId === null ? [] : [r.animalId]))
  const shareIds = rows.flatMap(({ r }) => (r.shareId === null ? [] : [r.shareId]))
  const [animals, shares] = await Promise.all([
    animalIds.length ? db.select().from(campaignAnimals).where(inArray(campaignAnimals.id, animalIds)) : [],
    shareIds.length ? db.select().from(campaignShares).where(inArray(campaignShares.id, shareIds)) : [],
  ])
  return rows.map(({ r, campaign, currency }) => {
    const animal = animals.find((a) => a.id === r.animalId)
    const share = shares.find((s) => s.id === r.shareId)
    const total = r.price + r.servicesAmount
    return {
      id: r.id,
      campaignId: r.campaignId,
      campaignName: campaign.name,
      feastDate: campaign.feastDate,
      status: r.status,
      animal: animal
        ? { tag: animal.tag, breed: animal.breed, weightKg: animal.weightKg, photos: animal.photoKeys }
        : null,
      share: share ? { name: share.name } : null,
      price: r.price,
      servicesAmount: r.servicesAmount,
      total,
      depositAmount: r.depositAmount,
      amountPaid: r.amountPaid,
      balance: total - r.amountPaid,
      balanceDueAt: campaign.balanceDueAt,
      holdExpiresAt: r.holdExpiresAt,
      currency,
      slaughter: r.slaughter,
      preparationId: r.preparationId,
      keepingNights: r.keepingNights,
      slotId: r.slotId,
      recipientName: r.recipientName,
      recipientPhone: r.recipientPhone,
      recipientAddress: r.recipientAddress,
      createdAt: r.createdAt,
    }
  })
}

/** One of the client's reservations, or 404 (another's answers as absent). */
export async function myReservation(db: Executor, userId: number, reservationId: number) {
  const [r] = await myReservations(db, userId, reservationId)
  if (!r) throw notFound(RESERVATION_NOT_FOUND)
  return r
}

/** The client's reservation, its row locked (reservation first, as every write takes them). */
export async function lockMyReservation(tx: Executor, userId: number, id: number): Promise<Reservation> {
  const [r] = await tx
    .select()
    .from(campaignReservations)
    .where(and(eq(campaignReservations.id, id), eq(campaignReservations.userId, userId)))
    .for('update')
  if (!r) throw notFound(RESERVATION_NOT_FOUND)
  return r
}
