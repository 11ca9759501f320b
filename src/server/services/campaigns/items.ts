import { and, eq, gt, sql } from 'drizzle-orm'
import type { ReservationStatus } from '@/shared/domain/campaigns'
import type { Executor } from '@/server/db/client'
import { campaignAnimals, campaignReservations, campaignShares } from '@/server/db/schema'

/** A reservation the caller may not reach answers as absent (404). */
export const RESERVATION_NOT_FOUND = 'Réservation non trouvée'

// docs/rules/campaigns.md#the-rush and #holds: an animal or a share is taken by one conditional
// update (exactly one of a rush wins it), given back when its hold expires; an animal's status
// follows its live reservation. Rows are always locked reservation first, then the item.

export type Reservation = typeof campaignReservations.$inferSelect

/** Takes an animal still available: true for the one caller that changed it. */
export async function takeAnimal(tx: Executor, animalId: number) {
  const rows = await tx
    .update(campaignAnimals)
    .set({ status: 'held', updatedAt: sql`now()` })
    .where(and(eq(campaignAnimals.id, animalId), eq(campaignAnimals.status, 'available')))
    .returning({ id: campaignAnimals.id })
  return rows.length === 1
}

/** Takes one of a share's stock while any is left: true for the callers that got one. */
export async function takeShare(tx: Executor, shareId: number) {
  const rows = await tx
    .update(campaignShares)
    .set({ stock: sql`${campaignShares.stock} - 1` })
    .where(and(eq(campaignShares.id, shareId), gt(campaignShares.stock, 0)))
    .returning({ id: campaignShares.id })
  return rows.length === 1
}

/** Takes again what an expired reservation held (money came after its hold): false if gone. */
export const retake = (tx: Executor, r: Reservation) =>
  r.animalId !== null ? takeAnimal(tx, r.animalId) : takeShare(tx, r.shareId!)

/** Sets a reservation's status, and its animal's (a share's stock does not change with it). */
export async function followStatus(tx: Executor, r: Reservation, status: ReservationStatus) {
  await tx
    .update(campaignReservations)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(campaignReservations.id, r.id))
  if (r.animalId !== null && status !== 'expired')
    await tx
      .update(campaignAnimals)
      .set({ status, updatedAt: sql`now()` })
      .where(eq(campaignAnimals.id, r.animalId))
}

/**
 * Holds whose 15 minutes are over, no deposit received: the reservation expires, its animal is
 * available again, its share back in stock. One statement (reservations first, then the items);
 * called before every read and reservation of a campaign (lazily) and by the housekeeping.
 * A reservation being paid meanwhile holds its row: it is skipped if no longer held.
 */
export async function releaseExpiredHolds(db: Executor, campaignId?: number) {
  const result = await db.execute(sql`
    with gone as (
      update campaign_reservations set status = 'expired', updated_at = now()
      where status = 'held' and hold_expires_at <= now()
        ${campaignId === undefined ? sql`` : sql`and campaign_id = ${campaignId}`}
      returning animal_id, share_id
    ), animals as (
      update campaign_animals set status = 'available', updated_at = now()
      where id in (select animal_id from gone where animal_id is not null) and status = 'held'
      returning id
    ), shares as (
      update campaign_shares s set stock = s.stock + g.n
      from (select share_id, count(*)::int as n from gone where share_id is not null group by share_id) g
      where s.id = g.share_id
      returning s.id
    )
    select (select count(*)::int from gone) as released
  `)
  const rows =
    (result as unknown as { rows?: { released: number }[] }).rows ??
    (result as unknown as { released: number }[])
  return Number(rows[0]?.released ?? 0)
}
