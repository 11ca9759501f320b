import { eq } from 'drizzle-orm'
import { LRUCache } from 'lru-cache'
import sharp from 'sharp'
import type { Executor } from '@/server/db/client'
import { productPhotos } from '@/server/db/schema'
import type { PhotoQueue } from './queue'
import type { PhotoStore } from './store'

/** The size WhatsApp's and Facebook's link previews are drawn at (docs/decisions/0050). */
export const OG_WIDTH = 1200
export const OG_HEIGHT = 630

/**
 * A photo's Open Graph image (docs/rules/catalogue.md#product-page, docs/decisions/0050): 1200 × 630
 * JPEG, the photo whole in the middle over a blurred, darkened copy of itself filling the frame,
 * made by sharp from the largest WebP width kept (640 px at most: the original is not kept) and
 * kept in memory, the last few dozen made. Null for a key no photo has. Made in the photo queue's
 * turn (a full queue answers 503, as an upload's does).
 */
export function createOgImages(db: Executor, store: PhotoStore, queue: PhotoQueue) {
  // Bounded by their bytes: 8 MB, a few dozen images, the least recently asked for out first.
  // A making in flight takes one place (lru-cache's `fetch`): requests for one image share it,
  // and one pushed out by the bound still answers its callers (`ignoreFetchAbort`), unkept. An
  // image no photo has is never kept (the loader's undefined).
  const kept = new LRUCache<string, Buffer>({
    maxSize: 8 * 1024 * 1024,
    sizeCalculation: (b) => Math.max(1, b.length),
    ignoreFetchAbort: true,
    fetchMethod: async (key) => (await make(key)) ?? undefined,
  })

  async function make(key: string): Promise<Buffer | null> {
    const [photo] = await db
      .select({ width: productPhotos.width })
      .from(productPhotos)
      .where(eq(productPhotos.key, key))
      .limit(1)
    if (!photo) return null
    const bytes = await store.get(key, photo.width)
    if (!bytes) return null
    return queue.run(async () => {
      const [background, front] = await Promise.all([
        sharp(bytes)
          .resize(OG_WIDTH, OG_HEIGHT, { fit: 'cover' })
          .blur(24)
          .modulate({ brightness: 0.7 })
          .toBuffer(),
        sharp(bytes).resize(OG_WIDTH, OG_HEIGHT, { fit: 'inside' }).toBuffer(),
      ])
      return sharp(background)
        .composite([{ input: front, gravity: 'centre' }])
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer()
    })
  }

  return {
    async get(key: string): Promise<Buffer | null> {
      return (await kept.fetch(key)) ?? null
    },
  }
}
export type OgImages = ReturnType<typeof createOgImages>
