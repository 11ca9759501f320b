import { and, asc, eq, sql } from 'drizzle-orm'
import type { SlotKind } from '@/shared/domain/campaigns'
import { formatCount } from '@/shared/format'
import type { SessionUser } from '@/shared/schemas/auth'
import type { Db, Executor } from '@/server/db/client'
import { campaignAnimals, campaignShares, campaignSlots, countries, productPhotos } from '@/server/db/schema'
import { badRequest, notFound } from '@/server/http/errors'
import { processPhoto } from '../catalogue/photos/process'
import { markUnusedIfUnshown } from '../catalogue/photos/product-photo'
import type { PhotoQueue } from '../catalogue/photos/queue'
import type { PhotoStore } from '../catalogue/photos/store'
import { campaignInScope } from './admin'
import { releaseExpiredHolds } from './items'
import { animalView, campaignViews } from './reads'

// docs/rules/campaigns-staff.md#setting-up: staff read one campaign of their country whole, edit
// its shares and slots, and give its animals photos; another country's answers 404, as absent.

/** One campaign for its staff: every animal whatever its state, the slots' capacities. */
export async function campaignDetail(db: Db, user: SessionUser, campaignId: number) {
  const c = await campaignInScope(db, user, campaignId)
  await releaseExpiredHolds(db, campaignId)
  const [[view], [country], animals, slots] = await Promise.all([
    campaignViews(db, [c]),
    db
      .select({ name: countries.name, currency: countries.currency })
      .from(countries)
      .where(eq(countries.id, c.countryId)),
    db
      .select()
      .from(campaignAnimals)
      .where(eq(campaignAnimals.campaignId, campaignId))
      .orderBy(asc(campaignAnimals.tag), asc(campaignAnimals.id)),
    db
      .select()
      .from(campaignSlots)
      .where(eq(campaignSlots.campaignId, campaignId))
      .orderBy(asc(campaignSlots.startsAt), asc(campaignSlots.id)),
  ])
  return {
    campaign: view!,
    currency: country!.currency,
    countryName: country!.name,
    animals: animals.map(animalView),
    slots: slots.map(slotView),
  }
}

const slotView = (s: typeof campaignSlots.$inferSelect) => ({
  id: s.id,
  kind: s.kind,
  startsAt: s.startsAt,
  endsAt: s.endsAt,
  capacity: s.capacity,
  booked: s.booked,
  price: s.price,
})

/** A share's name, price and stock left; a reservation keeps the price it was made at. */
export async function updateShare(
  db: Db,
  user: SessionUser,
  input: { shareId: number; name: string; price: number; stock: number },
) {
  const { shareId, ...fields } = input
  const [s] = await db.select().from(campaignShares).where(eq(campaignShares.id, shareId))
  if (!s) throw notFound('Part non trouvée')
  await campaignInScope(db, user, s.campaignId)
  const [row] = await db.update(campaignShares).set(fields).where(eq(campaignShares.id, shareId)).returning()
  return { id: row!.id, name: row!.name, price: row!.price, stock: row!.stock }
}

/**
 * A slot's window, capacity and price. Its capacity never goes below the places already taken:
 * one conditional update, so a reservation taking a place meanwhile is counted (400 otherwise).
 */
export async function updateSlot(
  db: Db,
  user: SessionUser,
  input: {
    slotId: number
    kind: SlotKind
    startsAt: Date
    endsAt: Date
    capacity: number
    price: number
  },
) {
  const { slotId, ...fields } = input
  const [s] = await db.select().from(campaignSlots).where(eq(campaignSlots.id, slotId))
  if (!s) throw notFound('Créneau non trouvé')
  await campaignInScope(db, user, s.campaignId)
  const [row] = await db
    .update(campaignSlots)
    .set(fields)
    .where(and(eq(campaignSlots.id, slotId), sql`${campaignSlots.booked} <= ${fields.capacity}`))
    .returning()
  if (!row) {
    const [now] = await db
      .select({ booked: campaignSlots.booked })
      .from(campaignSlots)
      .where(eq(campaignSlots.id, slotId))
    const message = `La capacité ne peut pas descendre sous les ${formatCount(now?.booked ?? 0)} places déjà réservées.`
    throw badRequest(message, { capacity: [message] })
  }
  return slotView(row)
}

const MAX_ANIMAL_PHOTOS = 10

async function animalInScope(db: Executor, user: SessionUser, animalId: number) {
  const [a] = await db.select().from(campaignAnimals).where(eq(campaignAnimals.id, animalId))
  if (!a) throw notFound('Animal non trouvé')
  await campaignInScope(db, user, a.campaignId)
  return a
}

/**
 * Adds an uploaded photo to an animal's (ten at most), with the products' machinery
 * (docs/rules/catalogue.md#photos): the animal looked up first, the bytes checked and stored
 * before the animal names them, the photo marked used once it does.
 */
export async function addAnimalPhoto(
  db: Db,
  { photos: store, photoQueue }: { photos: PhotoStore; photoQueue: PhotoQueue },
  user: SessionUser,
  animalId: number,
  bytes: Buffer,
) {
  const before = await animalInScope(db, user, animalId)
  if (before.photoKeys.length >= MAX_ANIMAL_PHOTOS) throw tooMany()
  const photo = await photoQueue.run(() => processPhoto(bytes))
  await db
    .insert(productPhotos)
    .values({ key: photo.key, width: photo.width, height: photo.height, unusedSince: new Date() })
    .onConflictDoNothing()
  await store.put(photo.key, photo.variants)
  return db.transaction(async (tx) => {
    const [a] = await tx.select().from(campaignAnimals).where(eq(campaignAnimals.id, animalId)).for('update')
    if (a!.photoKeys.includes(photo.key)) return animalView(a!)
    if (a!.photoKeys.length >= MAX_ANIMAL_PHOTOS) throw tooMany()
    const [row] = await tx
      .update(campaignAnimals)
      .set({ photoKeys: [...a!.photoKeys, photo.key], updatedAt: sql`now()` })
      .where(eq(campaignAnimals.id, animalId))
      .returning()
    await tx.update(productPhotos).set({ unusedSince: null }).where(eq(productPhotos.key, photo.key))
    return animalView(row!)
  })
}

function tooMany() {
  const message = 'Dix photos au plus par animal : retirez-en une d’abord.'
  return badRequest(message, { photoKeys: [message] })
}

/** Takes a photo off an animal; the photo is collected later if nothing else shows it. */
export async function removeAnimalPhoto(db: Db, user: SessionUser, animalId: number, key: string) {
  await animalInScope(db, user, animalId)
  const [row] = await db
    .update(campaignAnimals)
    .set({ photoKeys: sql`array_remove(${campaignAnimals.photoKeys}, ${key})`, updatedAt: sql`now()` })
    .where(eq(campaignAnimals.id, animalId))
    .returning()
  await markUnusedIfUnshown(db, key)
  return animalView(row!)
}
