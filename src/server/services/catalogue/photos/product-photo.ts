import { and, eq, isNull, lt, notExists, sql } from 'drizzle-orm'
import type { SessionUser } from '@/shared/schemas/auth'
import { photoWidths } from '@/shared/photos'
import type { Db, Executor } from '@/server/db/client'
import { campaignAnimals, productPhotos, products } from '@/server/db/schema'
import { findProductInScope } from '../products'
import { processPhoto } from './process'
import type { PhotoQueue } from './queue'
import type { PhotoStore } from './store'

/** How long a photo no product shows is kept: a page loaded before the change still finds it. */
export const UNUSED_PHOTO_GRACE_MS = 24 * 3_600_000

/**
 * Gives a product the photo uploaded (docs/rules/catalogue.md#photos). The product is looked up first
 * (another country's: 404, before any work); a bad file is refused before anything is written.
 * The bytes are stored before the product points at them, and the photo is marked unused until
 * it does: an upload that fails half-way leaves nothing housekeeping will not collect.
 */
export async function setProductPhoto(
  db: Db,
  { photos: store, photoQueue }: { photos: PhotoStore; photoQueue: PhotoQueue },
  user: SessionUser,
  id: number,
  bytes: Buffer,
) {
  await findProductInScope(db, user, id)
  // In its turn, a few at a time; refused with a 503 beyond a short queue (queue.ts).
  const photo = await photoQueue.run(() => processPhoto(bytes))
  await db
    .insert(productPhotos)
    .values({ key: photo.key, width: photo.width, height: photo.height, unusedSince: new Date() })
    .onConflictDoNothing()
  await store.put(photo.key, photo.variants)
  await db.transaction(async (tx) => {
    const current = await findProductInScope(tx, user, id)
    const [old] = await tx
      .select({ key: products.photoKey })
      .from(products)
      .where(eq(products.id, id))
      .for('update')
    await tx
      .update(products)
      .set({ photoKey: photo.key, updatedAt: new Date() })
      .where(eq(products.id, current.id))
    await tx.update(productPhotos).set({ unusedSince: null }).where(eq(productPhotos.key, photo.key))
    if (old?.key && old.key !== photo.key) await markUnusedIfUnshown(tx, old.key)
  })
  return findProductInScope(db, user, id)
}

/** Takes a product's photo away (its category's picture shows instead). */
export async function removeProductPhoto(db: Db, user: SessionUser, id: number) {
  await db.transaction(async (tx) => {
    await findProductInScope(tx, user, id)
    const [old] = await tx
      .select({ key: products.photoKey })
      .from(products)
      .where(eq(products.id, id))
      .for('update')
    if (!old?.key) return
    await tx.update(products).set({ photoKey: null, updatedAt: new Date() }).where(eq(products.id, id))
    await markUnusedIfUnshown(tx, old.key)
  })
  return findProductInScope(db, user, id)
}

/** No product shows the photo, nor any campaign's animal (docs/rules/campaigns-staff.md#setting-up). */
export const notShown = (key: typeof productPhotos.key) =>
  and(
    notExists(sql`(select 1 from ${products} where ${products.photoKey} = ${key})`),
    notExists(sql`(select 1 from ${campaignAnimals} where ${key} = any(${campaignAnimals.photoKeys}))`),
  )!

export async function markUnusedIfUnshown(tx: Executor, key: string) {
  await tx
    .update(productPhotos)
    .set({ unusedSince: new Date() })
    .where(and(eq(productPhotos.key, key), isNull(productPhotos.unusedSince), notShown(productPhotos.key)))
}

/**
 * Deletes the photos no product has shown for the grace period, their bytes first (in the
 * bucket, or the variants' rows): a few hundred at a time, run by housekeeping every hour.
 */
export async function collectUnusedPhotos(db: Db, store: PhotoStore, now = new Date()) {
  const before = new Date(now.getTime() - UNUSED_PHOTO_GRACE_MS)
  const stale = await db
    .select({ key: productPhotos.key, width: productPhotos.width })
    .from(productPhotos)
    .where(and(lt(productPhotos.unusedSince, before), notShown(productPhotos.key)))
    .limit(200)
  if (stale.length === 0) return 0
  await store.remove(stale.map((p) => ({ key: p.key, widths: photoWidths(p.width) })))
  let deleted = 0
  for (const p of stale) {
    const gone = await db
      .delete(productPhotos)
      .where(
        and(eq(productPhotos.key, p.key), lt(productPhotos.unusedSince, before), notShown(productPhotos.key)),
      )
      .returning({ key: productPhotos.key })
    deleted += gone.length
  }
  return deleted
}
