import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm'
import { firstNameOf } from '@/shared/domain/campaigns'
import type { AnimalView, CampaignView } from '@/shared/schemas/campaigns'
import type { Executor } from '@/server/db/client'
import {
  campaignAnimals,
  campaignPreparations,
  campaignReservations,
  campaignShares,
  campaignSlots,
  campaigns,
  countries,
  preparations,
  users,
} from '@/server/db/schema'
import { notFound } from '@/server/http/errors'
import { releaseExpiredHolds } from './items'
import { reservationOfToken } from './links'

// docs/rules/campaigns.md#campaigns: what the public and staff read of a campaign.

export type CampaignRow = typeof campaigns.$inferSelect
type AnimalRow = typeof campaignAnimals.$inferSelect

export const CAMPAIGN_NOT_FOUND = 'Campagne non trouvée'

/** A campaign row as the calls answer it: its cutting, its slots (places left), its shares. */
export async function campaignViews(db: Executor, rows: CampaignRow[]): Promise<CampaignView[]> {
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const [preps, slots, shares] = await Promise.all([
    db
      .select({
        campaignId: campaignPreparations.campaignId,
        preparationId: campaignPreparations.preparationId,
        name: preparations.name,
        price: campaignPreparations.price,
      })
      .from(campaignPreparations)
      .innerJoin(preparations, eq(preparations.id, campaignPreparations.preparationId))
      .where(inArray(campaignPreparations.campaignId, ids))
      .orderBy(asc(preparations.position), asc(preparations.id)),
    db
      .select()
      .from(campaignSlots)
      .where(inArray(campaignSlots.campaignId, ids))
      .orderBy(asc(campaignSlots.startsAt), asc(campaignSlots.id)),
    db
      .select()
      .from(campaignShares)
      .where(inArray(campaignShares.campaignId, ids))
      .orderBy(asc(campaignShares.id)),
  ])
  return rows.map((c) => ({
    id: c.id,
    countryId: c.countryId,
    name: c.name,
    feastDate: c.feastDate,
    opensAt: c.opensAt,
    closesAt: c.closesAt,
    balanceDueAt: c.balanceDueAt,
    depositKind: c.depositKind,
    depositPercent: c.depositPercent,
    depositFixed: c.depositFixed,
    refundableUntil: c.refundableUntil,
    cancellationFee: c.cancellationFee,
    slaughterPrice: c.slaughterPrice,
    keepingPerNight: c.keepingPerNight,
    remindWeekly: c.remindWeekly,
    remindDaysBefore: c.remindDaysBefore,
    preparations: preps
      .filter((p) => p.campaignId === c.id)
      .map((p) => ({ preparationId: p.preparationId, name: p.name, price: p.price })),
    slots: slots
      .filter((s) => s.campaignId === c.id)
      .map((s) => ({
        id: s.id,
        kind: s.kind,
        startsAt: s.startsAt,
        endsAt: s.endsAt,
        price: s.price,
        left: s.capacity - s.booked,
      })),
    shares: shares
      .filter((s) => s.campaignId === c.id)
      .map((s) => ({ id: s.id, name: s.name, price: s.price, stock: s.stock })),
  }))
}

/** The open campaigns (ordering open now) of a country, or of every active country. */
export async function openCampaigns(db: Executor, countryId: number | null) {
  const rows = await db
    .select({ c: campaigns })
    .from(campaigns)
    .innerJoin(countries, eq(countries.id, campaigns.countryId))
    .where(
      and(
        eq(countries.isActive, true),
        countryId === null ? undefined : eq(campaigns.countryId, countryId),
        lte(campaigns.opensAt, sql`now()`),
        gt(campaigns.closesAt, sql`now()`),
      ),
    )
    .orderBy(asc(campaigns.closesAt), asc(campaigns.id))
  return campaignViews(
    db,
    rows.map((r) => r.c),
  )
}

/** A campaign open now, or 404 (a visitor reads no campaign before it opens, nor after). */
export async function openCampaign(db: Executor, id: number) {
  const [c] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), lte(campaigns.opensAt, sql`now()`), gt(campaigns.closesAt, sql`now()`)))
  if (!c) throw notFound(CAMPAIGN_NOT_FOUND)
  return c
}

export const animalView = (a: AnimalRow): AnimalView => ({
  id: a.id,
  tag: a.tag,
  breed: a.breed,
  weightKg: a.weightKg,
  ageMonths: a.ageMonths,
  price: a.price,
  notes: a.notes,
  photos: a.photoKeys,
  status: a.status,
})

/** An open campaign's animals, its expired holds returned first (docs/rules/campaigns.md#holds). */
export async function campaignAnimalsList(db: Executor, campaignId: number) {
  await openCampaign(db, campaignId)
  await releaseExpiredHolds(db, campaignId)
  const rows = await db
    .select()
    .from(campaignAnimals)
    .where(and(eq(campaignAnimals.campaignId, campaignId), sql`${campaignAnimals.status} <> 'cancelled'`))
    .orderBy(asc(campaignAnimals.price), asc(campaignAnimals.id))
  return rows.map(animalView)
}

/**
 * What the pay link shows (docs/rules/campaigns.md#the-pay-link): the reservation's state and
 * money, the due date, the animal or share; of the client, the first name only.
 */
export async function reservationByToken(db: Executor, token: string) {
  const [found] = await db
    .select({
      r: campaignReservations,
      campaign: campaigns,
      client: users.displayName,
      currency: countries.currency,
    })
    .from(campaignReservations)
    .innerJoin(campaigns, eq(campaigns.id, campaignReservations.campaignId))
    .innerJoin(countries, eq(countries.id, campaigns.countryId))
    .innerJoin(users, eq(users.id, campaignReservations.userId))
    .where(eq(campaignReservations.id, (await reservationOfToken(db, token))?.id ?? -1))
  if (!found) throw notFound('Ce lien de paiement n’est pas valide.')
  if (found.r.status === 'held') await releaseExpiredHolds(db, found.r.campaignId)
  const [r] = await db.select().from(campaignReservations).where(eq(campaignReservations.id, found.r.id))
  const [animal] = r!.animalId
    ? await db.select().from(campaignAnimals).where(eq(campaignAnimals.id, r!.animalId))
    : []
  const [share] = r!.shareId
    ? await db.select().from(campaignShares).where(eq(campaignShares.id, r!.shareId))
    : []
  const total = r!.price + r!.servicesAmount
  return {
    status: r!.status,
    campaignName: found.campaign.name,
    firstName: firstNameOf(found.client),
    total,
    depositAmount: r!.depositAmount,
    amountPaid: r!.amountPaid,
    balance: total - r!.amountPaid,
    balanceDueAt: found.campaign.balanceDueAt,
    currency: found.currency,
    animal: animal
      ? { tag: animal.tag, breed: animal.breed, weightKg: animal.weightKg, photos: animal.photoKeys }
      : null,
    share: share ? { name: share.name } : null,
  }
}

/**
 * One open campaign (404 otherwise), as the public reads it, with its country's currency; also
 * after it closes to a client holding a reservation in it (its services and slots are still
 * chosen, docs/rules/campaigns-client.md#choosing-the-services).
 */
export async function oneOpenCampaign(db: Executor, id: number, userId: number | null) {
  const [held] =
    userId === null
      ? []
      : await db
          .select({ c: campaigns })
          .from(campaignReservations)
          .innerJoin(campaigns, eq(campaigns.id, campaignReservations.campaignId))
          .where(and(eq(campaignReservations.campaignId, id), eq(campaignReservations.userId, userId)))
          .limit(1)
  const c = held?.c ?? (await openCampaign(db, id))
  const [view] = await campaignViews(db, [c])
  const [country] = await db
    .select({ currency: countries.currency })
    .from(countries)
    .where(and(eq(countries.id, c.countryId), eq(countries.isActive, true)))
  if (!country) throw notFound(CAMPAIGN_NOT_FOUND)
  return { campaign: view!, currency: country.currency }
}

/**
 * The country whose wallets pay a campaign: by its id, or by a pay link's token (404 when
 * neither names one).
 */
export async function campaignCountryOf(db: Executor, by: { campaignId?: number; token?: string }) {
  // Any of the reservation's live links (decision 0073).
  const campaignId =
    by.token !== undefined ? (await reservationOfToken(db, by.token))?.campaignId : by.campaignId
  const [row] =
    campaignId === undefined
      ? []
      : await db
          .select({ countryId: campaigns.countryId })
          .from(campaigns)
          .where(eq(campaigns.id, campaignId))
  if (!row)
    throw notFound(by.token !== undefined ? 'Ce lien de paiement n’est pas valide.' : CAMPAIGN_NOT_FOUND)
  return row.countryId
}
