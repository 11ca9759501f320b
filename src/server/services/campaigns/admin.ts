import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { ReservationStatus, SlotKind } from '@/shared/domain/campaigns'
import type { SessionUser } from '@/shared/schemas/auth'
import type { Db, Executor } from '@/server/db/client'
import {
  campaignAnimals,
  campaignPreparations,
  campaignReservations,
  campaignShares,
  campaignSlots,
  campaigns,
  preparations,
  users,
} from '@/server/db/schema'
import { badRequest, conflict, isUniqueViolation, notFound } from '@/server/http/errors'
import { assertInScope, scopeCountryId } from '../scope'
import { animalView, CAMPAIGN_NOT_FOUND, campaignViews } from './reads'

// docs/rules/campaigns.md#campaigns: staff of a country (root any) write its campaigns, animals,
// shares and slots and read its reservations; another country's answer 404, as absent.

type CampaignFields = {
  name: string
  feastDate: string
  opensAt: Date
  closesAt: Date
  balanceDueAt: Date
  depositKind: 'percent' | 'fixed'
  depositPercent: number
  depositFixed: number | null
  refundableUntil: Date | null
  cancellationFee: number
  slaughterPrice: number | null
  keepingPerNight: number | null
  remindWeekly?: boolean
  remindDaysBefore?: number | null
  preparations: { preparationId: number; price: number }[]
}

/** A campaign of the caller's reach, or 404. */
export async function campaignInScope(db: Executor, user: SessionUser, campaignId: number) {
  const [c] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId))
  if (!c) throw notFound(CAMPAIGN_NOT_FOUND)
  assertInScope(user, c.countryId, CAMPAIGN_NOT_FOUND)
  return c
}

/** The cutting offered: preparations of the campaign's own country only (400 naming the field). */
async function writePreparations(
  tx: Executor,
  campaignId: number,
  countryId: number,
  list: CampaignFields['preparations'],
) {
  const ids = [...new Set(list.map((p) => p.preparationId))]
  if (ids.length !== list.length)
    throw badRequest('Une découpe est donnée deux fois.', {
      preparations: ['Une découpe est donnée deux fois.'],
    })
  if (ids.length > 0) {
    const known = await tx
      .select({ id: preparations.id })
      .from(preparations)
      .where(and(inArray(preparations.id, ids), eq(preparations.countryId, countryId)))
    if (known.length !== ids.length) {
      const message = 'Choisissez les découpes parmi les préparations du pays de la campagne.'
      throw badRequest(message, { preparations: [message] })
    }
  }
  await tx.delete(campaignPreparations).where(eq(campaignPreparations.campaignId, campaignId))
  if (list.length > 0) await tx.insert(campaignPreparations).values(list.map((p) => ({ campaignId, ...p })))
}

const columns = ({ preparations: _p, ...rest }: CampaignFields) => rest

export async function createCampaign(
  db: Db,
  user: SessionUser,
  input: CampaignFields & { countryId?: number },
) {
  // Staff create in their own country whatever they ask; root names one.
  const countryId = scopeCountryId(user) ?? input.countryId ?? user.countryId
  if (countryId == null)
    throw badRequest('Choisissez le pays de la campagne.', {
      countryId: ['Choisissez le pays de la campagne.'],
    })
  const row = await db.transaction(async (tx) => {
    const [c] = await tx
      .insert(campaigns)
      .values({ ...columns(input), countryId })
      .returning()
    await writePreparations(tx, c!.id, countryId, input.preparations)
    return c!
  })
  return (await campaignViews(db, [row]))[0]!
}

export async function updateCampaign(
  db: Db,
  user: SessionUser,
  input: CampaignFields & { campaignId: number },
) {
  const before = await campaignInScope(db, user, input.campaignId)
  const { campaignId, ...fields } = input
  const row = await db.transaction(async (tx) => {
    const [c] = await tx
      .update(campaigns)
      .set({ ...columns(fields), updatedAt: sql`now()` })
      .where(eq(campaigns.id, campaignId))
      .returning()
    await writePreparations(tx, campaignId, before.countryId, input.preparations)
    return c!
  })
  return (await campaignViews(db, [row]))[0]!
}

/** Every campaign of the caller's reach (root: all, or the country asked). */
export async function staffCampaigns(db: Executor, user: SessionUser, countryId?: number) {
  const scope = scopeCountryId(user)
  const where =
    scope !== null
      ? eq(campaigns.countryId, scope)
      : countryId
        ? eq(campaigns.countryId, countryId)
        : undefined
  const rows = await db
    .select()
    .from(campaigns)
    .where(where)
    .orderBy(desc(campaigns.opensAt), desc(campaigns.id))
  return campaignViews(db, rows)
}

const TAG_TAKEN = 'Ce numéro de boucle est déjà celui d’un autre animal de la campagne.'
async function tagSafe<T>(write: () => Promise<T>) {
  try {
    return await write()
  } catch (e) {
    if (isUniqueViolation(e)) throw badRequest(TAG_TAKEN, { tag: [TAG_TAKEN] })
    throw e
  }
}

type AnimalFields = {
  tag: string
  breed: string
  weightKg: number
  ageMonths: number | null
  price: number
  notes: string | null
  photoKeys: string[]
}

export async function createAnimal(db: Db, user: SessionUser, input: AnimalFields & { campaignId: number }) {
  await campaignInScope(db, user, input.campaignId)
  const [row] = await tagSafe(() => db.insert(campaignAnimals).values(input).returning())
  return animalView(row!)
}

/**
 * Edits an animal's listing. Its price changes only while nobody reserved it: a reservation keeps
 * the price it was made at (409 otherwise).
 */
export async function updateAnimal(db: Db, user: SessionUser, input: AnimalFields & { animalId: number }) {
  const { animalId, ...fields } = input
  const [a] = await db.select().from(campaignAnimals).where(eq(campaignAnimals.id, animalId))
  if (!a) throw notFound('Animal non trouvé')
  await campaignInScope(db, user, a.campaignId)
  if (a.price !== fields.price && a.status !== 'available')
    throw conflict('Cet animal est réservé : son prix ne change plus.')
  const [row] = await tagSafe(() =>
    db
      .update(campaignAnimals)
      .set({ ...fields, updatedAt: sql`now()` })
      .where(eq(campaignAnimals.id, animalId))
      .returning(),
  )
  return animalView(row!)
}

export async function createShare(
  db: Db,
  user: SessionUser,
  input: { campaignId: number; name: string; price: number; stock: number },
) {
  await campaignInScope(db, user, input.campaignId)
  const [row] = await db.insert(campaignShares).values(input).returning()
  return { id: row!.id, name: row!.name, price: row!.price, stock: row!.stock }
}

export async function createSlot(
  db: Db,
  user: SessionUser,
  input: {
    campaignId: number
    kind: SlotKind
    startsAt: Date
    endsAt: Date
    capacity: number
    price: number
  },
) {
  await campaignInScope(db, user, input.campaignId)
  const [s] = await db.insert(campaignSlots).values(input).returning()
  return {
    id: s!.id,
    kind: s!.kind,
    startsAt: s!.startsAt,
    endsAt: s!.endsAt,
    price: s!.price,
    left: s!.capacity - s!.booked,
  }
}

/** A campaign's reservations for its staff: client, item, money, recipient, slot. */
export async function campaignReservationList(
  db: Db,
  user: SessionUser,
  campaignId: number,
  status?: ReservationStatus,
) {
  await campaignInScope(db, user, campaignId)
  const rows = await db
    .select({
      r: campaignReservations,
      clientName: users.displayName,
      clientPhone: users.phoneNumber,
      animalTag: campaignAnimals.tag,
      shareName: campaignShares.name,
    })
    .from(campaignReservations)
    .innerJoin(users, eq(users.id, campaignReservations.userId))
    .leftJoin(campaignAnimals, eq(campaignAnimals.id, campaignReservations.animalId))
    .leftJoin(campaignShares, eq(campaignShares.id, campaignReservations.shareId))
    .where(
      and(
        eq(campaignReservations.campaignId, campaignId),
        status ? eq(campaignReservations.status, status) : undefined,
      ),
    )
    .orderBy(asc(campaignReservations.id))
  return rows.map(({ r, ...x }) => {
    const total = r.price + r.servicesAmount
    return {
      id: r.id,
      status: r.status,
      clientId: r.userId,
      clientName: x.clientName,
      clientPhone: x.clientPhone,
      animalId: r.animalId,
      animalTag: x.animalTag,
      shareId: r.shareId,
      shareName: x.shareName,
      total,
      depositAmount: r.depositAmount,
      amountPaid: r.amountPaid,
      balance: total - r.amountPaid,
      holdExpiresAt: r.holdExpiresAt,
      recipientName: r.recipientName,
      recipientPhone: r.recipientPhone,
      recipientAddress: r.recipientAddress,
      slotId: r.slotId,
      createdAt: r.createdAt,
    }
  })
}
