import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productPhotoVariants } from '../../src/server/db/schema'
import {
  collectUnusedPhotos,
  UNUSED_PHOTO_GRACE_MS,
} from '../../src/server/services/catalogue/photos/product-photo'
import { photoUrl } from '../../src/shared/photos'
import { createProduct, decode, post, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'
import { type Product, phoneJpeg, upload, checkPhotoRoutes, fakeS3 } from './product-photos-setup'

/** Product photos stored in an S3-compatible bucket, and migration 0014 (docs/rules/catalogue.md). */
describe('product photos, stored in an S3-compatible bucket', () => {
  let t: TestApp
  let manager: string
  const s3 = fakeS3()
  beforeAll(async () => {
    await new Promise<void>((done) => s3.server.listen(0, '127.0.0.1', done))
    const { port } = s3.server.address() as AddressInfo
    t = await createTestApp({
      PHOTO_STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'etal-photos',
      S3_ACCESS_KEY_ID: 'test-key',
      S3_SECRET_ACCESS_KEY: 'test-secret',
    })
    manager = (await signedIn(t, 'super_admin', 'SN')).cookie
  }, 60_000)
  afterAll(async () => {
    await t?.close()
    s3.server.close()
  })
  const routes = checkPhotoRoutes(() => t)

  it('writes the widths to the bucket, serves them from it, and deletes them when collected', async () => {
    const product = await createProduct(t.db)
    const res = await upload(t, product.id, await phoneJpeg(1600, 1200, '#246'), manager)
    expect(res.statusCode).toBe(200)
    const photo = decode<{ product: Product }>(res.body).product.photo!
    expect([...s3.objects.keys()].sort()).toEqual(
      [160, 320, 640].map((w) => `/etal-photos/products/${photo.key}/${w}.webp`).sort(),
    )
    expect([...s3.objects.values()].every((o) => o.type === 'image/webp')).toBe(true)
    // Nothing of it in the database's variants table.
    expect(await t.db.select().from(productPhotoVariants)).toEqual([])
    expect(await routes(photo)).toEqual([160, 320, 640])
    const saving = await t.app.inject({
      method: 'GET',
      url: photoUrl(photo.key, 640),
      headers: { 'save-data': 'on' },
    })
    expect((await sharp(saving.rawPayload).metadata()).width).toBe(160)
    expect((await t.app.inject({ method: 'GET', url: photoUrl('f'.repeat(32), 160) })).statusCode).toBe(404)

    await post(t, '/_api/admin/products/photo/remove', { id: product.id }, manager)
    await collectUnusedPhotos(t.db, t.deps.photos, new Date(Date.now() + UNUSED_PHOTO_GRACE_MS + 60_000))
    expect(s3.objects.size).toBe(0)
    expect(s3.seen.filter((s) => s.startsWith('DELETE'))).toHaveLength(3)
  })

  it('changes nothing when the file is refused', async () => {
    const product = await createProduct(t.db)
    const before = s3.objects.size
    const res = await upload(t, product.id, Buffer.from('not an image'), manager)
    expect(res.statusCode).toBe(400)
    expect(s3.objects.size).toBe(before)
  })
})

describe('migration 0014 (product photos)', () => {
  it('keeps the products of a database migrated up to 0013, without a photo (their outside image address cleared by 0024)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'etal-migrations-'))
    try {
      cpSync('drizzle', dir, { recursive: true })
      const journalPath = join(dir, 'meta/_journal.json')
      const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] }
      const upTo = journal.entries.findIndex((e) => e.tag.startsWith('0014_'))
      expect(upTo).toBeGreaterThan(0)
      writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }))
      const client = new PGlite({ extensions: { pg_trgm } })
      const db = drizzle(client)
      await migrate(db, { migrationsFolder: dir })
      await client.query(
        `insert into countries (name, code, currency, dial_code) values ('Sénégal', 'SN', 'XOF', '+221')`,
      )
      await client.query(
        `insert into products (name, image_url, price_per_unit, unit_type, country_id)
         values ('Filet', 'https://images.example.com/filet.jpg', 9000, 'kg', (select id from countries))`,
      )
      await migrate(db, { migrationsFolder: 'drizzle' })
      const { rows } = await client.query<{ name: string; image_url: string; photo_key: string | null }>(
        'select name, image_url, photo_key from products',
      )
      // docs/decisions/0033: an image at another server's address is never kept.
      expect(rows).toEqual([{ name: 'Filet', image_url: null, photo_key: null }])
      await client.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})
