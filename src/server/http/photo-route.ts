import type { FastifyInstance, FastifyReply } from 'fastify'
import { MIN_PHOTO_WIDTH, PHOTO_KEY, PHOTO_WIDTHS } from '@/shared/photos'
import type { PhotoStore } from '../services/photos/store'

const LARGEST = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!
const FILE = /^([1-9]\d{2})\.webp$/

const missing = (reply: FastifyReply) =>
  reply
    .status(404)
    .header('cache-control', 'no-store')
    .send({ error: 'Image introuvable.', code: 'NOT_FOUND' })

/**
 * GET /images/products/<key>/<width>.webp (docs/rules.md#photos): the key is the photo's
 * content hash, so a URL never shows anything else and is cached for good (`immutable`). A
 * device asking to save data (`Save-Data: on`) gets the smallest width whatever the URL says,
 * hence `Vary: Save-Data`. The bytes come from the photo store (database or bucket), whichever
 * instance answers.
 */
export function registerPhotoRoute(app: FastifyInstance, store: PhotoStore) {
  app.get<{ Params: { key: string; file: string } }>(
    '/images/products/:key/:file',
    { schema: { hide: true } },
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
