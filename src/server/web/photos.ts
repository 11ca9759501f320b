import rateLimit, { type FastifyRateLimitOptions } from '@fastify/rate-limit'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { perMinute } from '../http/rate-limits'
import { MIN_PHOTO_WIDTH, PHOTO_KEY, PHOTO_WIDTHS } from '@/shared/photos'
import type { PhotoStore } from '../services/catalogue/photos/store'
import type { OgImages } from '../services/catalogue/photos/og-image'
import { DRAWN_FILE, type DrawnOgImages } from '../services/catalogue/photos/drawn-og'

const LARGEST = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!
const FILE = /^([1-9]\d{2})\.webp$/

const missing = (reply: FastifyReply) =>
  reply
    .status(404)
    .header('cache-control', 'no-store')
    .send({ error: 'Image introuvable.', code: 'NOT_FOUND' })

/**
 * GET /images/products/<key>/<width>.webp (docs/rules/catalogue.md#photos): the key is the photo's
 * content hash, so a URL never shows anything else and is cached for good (`immutable`). A
 * device asking to save data (`Save-Data: on`) gets the smallest width whatever the URL says,
 * hence `Vary: Save-Data`. The bytes come from the photo store (database or bucket), whichever
 * instance answers, through the memory it keeps of the widths last served
 * (services/catalogue/photos/store.ts `keptInMemory`); each client IP may ask `PHOTO_RATE_PER_MINUTE` times a
 * minute (docs/security/outside-attack.md item 6).
 */
export async function registerPhotoRoute(
  app: FastifyInstance,
  store: PhotoStore,
  limits: FastifyRateLimitOptions,
  perIpPerMinute: number,
  ogImages?: OgImages,
  drawnOgImages?: DrawnOgImages,
) {
  await app.register(async (scope) => {
    await scope.register(rateLimit, { ...limits, global: false })
    registerRoute(scope, store, perIpPerMinute)
    if (ogImages) registerOgRoute(scope, ogImages, perIpPerMinute)
    if (drawnOgImages) registerDrawnOgRoute(scope, drawnOgImages, perIpPerMinute)
  })
}

/**
 * GET /images/products/<key>/og.jpg: the photo's 1200 × 630 Open Graph image (a product page's
 * og:image, docs/rules/catalogue.md#product-page), made on first request (services/catalogue/photos/og-image.ts).
 * Cached a day rather than for good: its making may change while the key stays.
 */
function registerOgRoute(app: FastifyInstance, ogImages: OgImages, perIpPerMinute: number) {
  app.get<{ Params: { key: string } }>(
    '/images/products/:key/og.jpg',
    { schema: { hide: true }, config: { rateLimit: perMinute(perIpPerMinute) } },
    async (req, reply) => {
      const { key } = req.params
      if (!PHOTO_KEY.test(key)) return missing(reply)
      const bytes = await ogImages.get(key)
      if (!bytes) return missing(reply)
      return reply
        .header('cache-control', 'public, max-age=86400')
        .type('image/jpeg')
        .header('content-length', bytes.length)
        .send(bytes)
    },
  )
}

/**
 * GET /images/products/drawn/<id>-<version>.jpg: the Open Graph image drawn for a product without
 * a photo (docs/rules/catalogue-pictures.md#drawn-og), made on first request
 * (services/catalogue/photos/drawn-og.ts). The version is the page's way to make WhatsApp's
 * cache forget an old name or price; any version answers the product's current image. 404 for
 * an id of no product on sale. Cached a day.
 */
function registerDrawnOgRoute(app: FastifyInstance, drawn: DrawnOgImages, perIpPerMinute: number) {
  app.get<{ Params: { file: string } }>(
    '/images/products/drawn/:file',
    { schema: { hide: true }, config: { rateLimit: perMinute(perIpPerMinute) } },
    async (req, reply) => {
      const id = Number(DRAWN_FILE.exec(req.params.file)?.[1])
      if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return missing(reply)
      const bytes = await drawn.get(id)
      if (!bytes) return missing(reply)
      return reply
        .header('cache-control', 'public, max-age=86400')
        .type('image/jpeg')
        .header('content-length', bytes.length)
        .send(bytes)
    },
  )
}

function registerRoute(app: FastifyInstance, store: PhotoStore, perIpPerMinute: number) {
  app.get<{ Params: { key: string; file: string } }>(
    '/images/products/:key/:file',
    { schema: { hide: true }, config: { rateLimit: perMinute(perIpPerMinute) } },
    async (req, reply) => {
      const { key, file } = req.params
      const asked = Number(FILE.exec(file)?.[1])
      if (!PHOTO_KEY.test(key) || !(asked >= MIN_PHOTO_WIDTH && asked <= LARGEST)) return missing(reply)
      const saveData = /^on$/i.test(String(req.headers['save-data'] ?? '').trim())
      const width = saveData ? MIN_PHOTO_WIDTH : asked
      const etag = `"${key}-${width}"`
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('vary', 'Save-Data')
        .header('etag', etag)
      if (req.headers['if-none-match'] === etag) {
        // Only the ETag is compared: what it names never changes.
        return reply.status(304).send()
      }
      const bytes = await store.get(key, width)
      if (!bytes) return missing(reply)
      return reply.type('image/webp').header('content-length', bytes.length).send(bytes)
    },
  )
}
