import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productPhotos, productPhotoVariants, products } from '../../src/server/db/schema'
import {
  collectUnusedPhotos,
  UNUSED_PHOTO_GRACE_MS,
} from '../../src/server/services/catalogue/photos/product-photo'
import { MAX_PHOTO_BYTES, photoMessages, photoUrl } from '../../src/shared/photos'
import { imageUrlRefused } from '../../src/shared/schemas/products'
import { createProduct, decode, get, post, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'
import { type Product, phoneJpeg, upload, checkPhotoRoutes } from './product-photos-setup'

/** Product photos stored in the database (docs/rules/catalogue.md); the bucket in product-photos-s3. */
describe('product photos, stored in the database', () => {
  let t: TestApp
  let manager: string
  beforeAll(async () => {
    t = await createTestApp({ STOREFRONT_CACHE_MS: '60000' })
    manager = (await signedIn(t, 'super_admin', 'SN')).cookie
  }, 60_000)
  afterAll(() => t?.close())
  const routes = checkPhotoRoutes(() => t)

  it('takes a phone photo: EXIF gone, WebP at 160, 320 and 640, never enlarged', async () => {
    const product = await createProduct(t.db)
    const jpeg = await phoneJpeg(1600, 1200)
    expect((await sharp(jpeg).metadata()).exif).toBeDefined()
    const res = await upload(t, product.id, jpeg, manager)
    expect(res.statusCode).toBe(200)
    const { product: after } = decode<{ product: Product }>(res.body)
    expect(after.photo).toEqual({ key: expect.stringMatching(/^[0-9a-f]{32}$/), width: 640, height: 480 })
    expect(await routes(after.photo!)).toEqual([160, 320, 640])

    // A small original: its own width is the largest, nothing is blown up.
    const small = await createProduct(t.db)
    const res2 = await upload(t, small.id, await phoneJpeg(500, 400, '#3a3'), manager)
    const { product: smallAfter } = decode<{ product: Product }>(res2.body)
    expect(smallAfter.photo).toMatchObject({ width: 500, height: 400 })
    const stored = await t.db
      .select({ width: productPhotoVariants.width })
      .from(productPhotoVariants)
      .where(eq(productPhotoVariants.key, smallAfter.photo!.key))
    expect(stored.map((r) => r.width).sort((a, b) => a - b)).toEqual([160, 320, 500])
  })

  it('turns a photo upright from its EXIF orientation before dropping the EXIF', async () => {
    const product = await createProduct(t.db)
    const turned = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#333' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer()
    const res = await upload(t, product.id, turned, manager)
    expect(decode<{ product: Product }>(res.body).product.photo).toMatchObject({ width: 600, height: 800 })
  })

  it('refuses what is not an image by its bytes, whatever the name or type says', async () => {
    const product = await createProduct(t.db)
    const cases = [
      Buffer.from('%PDF-1.4 not a photo at all'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"/>'),
      Buffer.from('GIF89a but nothing else'),
    ]
    for (const bytes of cases) {
      const res = await upload(t, product.id, bytes, manager)
      expect(res.statusCode).toBe(400)
      expect(res.json().error).toBe(photoMessages.notImage)
    }
    const [row] = await t.db.select().from(products).where(eq(products.id, product.id))
    expect(row!.photoKey).toBeNull()
  })

  it('refuses a corrupt file, a tiny one, an empty one: the old photo stays', async () => {
    const product = await createProduct(t.db)
    const first = decode<{ product: Product }>(
      (await upload(t, product.id, await phoneJpeg(800, 600), manager)).body,
    )
    const good = await phoneJpeg(1200, 900, '#36c')
    const truncated = good.subarray(0, Math.floor(good.length / 3))
    const corrupt = await upload(t, product.id, truncated, manager)
    expect(corrupt.statusCode).toBe(400)
    expect(corrupt.json().error).toBe(photoMessages.corrupt)
    const tiny = await upload(t, product.id, await phoneJpeg(100, 80), manager)
    expect(tiny.statusCode).toBe(400)
    expect(tiny.json().error).toBe(photoMessages.tooSmall)
    const empty = await upload(t, product.id, Buffer.alloc(0), manager)
    expect(empty.statusCode).toBe(400)
    const [row] = await t.db.select().from(products).where(eq(products.id, product.id))
    expect(row!.photoKey).toBe(first.product.photo!.key)
  })

  it('refuses a file over 8 MB with 413 and a French message, and a form or JSON with 415', async () => {
    const product = await createProduct(t.db)
    const big = Buffer.concat([await phoneJpeg(800, 600), Buffer.alloc(MAX_PHOTO_BYTES)])
    const res = await upload(t, product.id, big, manager)
    expect(res.statusCode).toBe(413)
    expect(res.json().error).toBe('Le fichier est trop lourd : 8 Mo au plus.')
    const form = await upload(
      t,
      product.id,
      await phoneJpeg(800, 600),
      manager,
      'multipart/form-data; boundary=x',
    )
    expect(form.statusCode).toBe(415)
    const json = await post(t, `/_api/admin/products/photo?id=${product.id}`, {}, manager)
    expect(json.statusCode).toBe(415)
    const badId = await upload(t, 0, await phoneJpeg(800, 600), manager)
    expect(badId.statusCode).toBe(400)
    expect(badId.json().error).toBe('Le produit est requis.')
    const [row] = await t.db.select().from(products).where(eq(products.id, product.id))
    expect(row!.photoKey).toBeNull()
  })

  it('lets only root and the super_admin of its country change a photo', async () => {
    const product = await createProduct(t.db, { country: 'SN' })
    const jpeg = await phoneJpeg(400, 300)
    expect((await upload(t, product.id, jpeg)).statusCode).toBe(401)
    for (const role of ['client', 'admin', 'delivery_driver'] as const) {
      const { cookie } = await signedIn(t, role, 'SN')
      expect((await upload(t, product.id, jpeg, cookie)).statusCode).toBe(403)
      expect(
        (await post(t, '/_api/admin/products/photo/remove', { id: product.id }, cookie)).statusCode,
      ).toBe(403)
    }
    const mali = await signedIn(t, 'super_admin', 'ML')
    expect((await upload(t, product.id, jpeg, mali.cookie)).statusCode).toBe(404)
    expect(
      (await post(t, '/_api/admin/products/photo/remove', { id: product.id }, mali.cookie)).statusCode,
    ).toBe(404)
    const root = await signedIn(t, 'root', 'SN')
    expect((await upload(t, product.id, jpeg, root.cookie)).statusCode).toBe(200)
    const [row] = await t.db.select().from(products).where(eq(products.id, product.id))
    expect(row!.photoKey).toMatch(/^[0-9a-f]{32}$/)
  })

  it('answers 404 for an unknown image and 304 for a known ETag; Save-Data gets 160 px', async () => {
    const product = await createProduct(t.db)
    const { product: after } = decode<{ product: Product }>(
      (await upload(t, product.id, await phoneJpeg(1600, 1200, '#c63'), manager)).body,
    )
    const key = after.photo!.key
    for (const url of [
      photoUrl('0'.repeat(32), 320),
      photoUrl(key, 999),
      photoUrl(key, 100),
      `/images/products/${key}/320.png`,
      '/images/products/nope/320.webp',
    ])
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404)

    const full = await t.app.inject({ method: 'GET', url: photoUrl(key, 640) })
    expect(full.headers.vary).toMatch(/save-data/i)
    const saving = await t.app.inject({
      method: 'GET',
      url: photoUrl(key, 640),
      headers: { 'save-data': 'on' },
    })
    expect(saving.statusCode).toBe(200)
    expect(saving.headers.vary).toMatch(/save-data/i)
    expect((await sharp(saving.rawPayload).metadata()).width).toBe(160)
    expect(saving.rawPayload.length).toBeLessThan(full.rawPayload.length)
    expect(saving.headers.etag).toBe(`"${key}-160"`)

    const again = await t.app.inject({
      method: 'GET',
      url: photoUrl(key, 640),
      headers: { 'if-none-match': full.headers.etag as string },
    })
    expect(again.statusCode).toBe(304)
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('is a catalogue write: the cached storefront answers show the new photo at once', async () => {
    const product = await createProduct(t.db, { isFeatured: true })
    const before = decode<{ products: Product[] }>((await get(t, '/_api/products')).body)
    expect(before.products.find((p) => p.id === product.id)!.photo).toBeNull()
    await get(t, '/_api/featured')
    const { product: after } = decode<{ product: Product }>(
      (await upload(t, product.id, await phoneJpeg(640, 480, '#963'), manager)).body,
    )
    for (const url of ['/_api/products', '/_api/featured', `/_api/products?countryId=${product.countryId}`]) {
      const list = decode<{ products: Product[] }>((await get(t, url)).body).products
      const shown = list.find((p) => p.id === product.id)
      if (url.includes('countryId') && !shown) continue
      expect(shown!.photo, url).toEqual(after.photo)
    }
    const staff = decode<{ products: Product[] }>((await get(t, '/_api/admin/products', manager)).body)
    expect(staff.products.find((p) => p.id === product.id)!.photo).toEqual(after.photo)

    const removed = await post(t, '/_api/admin/products/photo/remove', { id: product.id }, manager)
    expect(removed.statusCode).toBe(200)
    const list = decode<{ products: Product[] }>((await get(t, '/_api/products')).body).products
    expect(list.find((p) => p.id === product.id)!.photo).toBeNull()
  })

  it('refuses a pasted image URL (docs/decisions/0033); a removed photo leaves the category picture', async () => {
    const product = await createProduct(t.db)
    const url = 'https://images.example.com/boeuf.jpg'
    const refused = await post(t, '/_api/admin/products/update', { id: product.id, imageUrl: url }, manager)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error).toBe(imageUrlRefused)
    const up = decode<{ product: Product }>(
      (await upload(t, product.id, await phoneJpeg(400, 300), manager)).body,
    )
    expect(up.product).toMatchObject({ imageUrl: null, photo: expect.any(Object) })
    const removed = decode<{ product: Product }>(
      (await post(t, '/_api/admin/products/photo/remove', { id: product.id }, manager)).body,
    )
    expect(removed.product).toMatchObject({ imageUrl: null, photo: null })
  })

  it('collects a replaced photo after the grace period, not one still shown', async () => {
    const a = await createProduct(t.db)
    const b = await createProduct(t.db)
    const shared = await phoneJpeg(640, 480, '#135')
    const first = decode<{ product: Product }>((await upload(t, a.id, shared, manager)).body).product.photo!
    await upload(t, b.id, shared, manager)
    await upload(t, a.id, await phoneJpeg(640, 480, '#531'), manager)
    const later = new Date(Date.now() + UNUSED_PHOTO_GRACE_MS + 60_000)
    await collectUnusedPhotos(t.db, t.deps.photos, later)
    // Still shown by b: kept.
    expect((await t.app.inject({ method: 'GET', url: photoUrl(first.key, 320) })).statusCode).toBe(200)
    await post(t, '/_api/admin/products/photo/remove', { id: b.id }, manager)
    expect(await collectUnusedPhotos(t.db, t.deps.photos, new Date())).toBe(0)
    expect(await collectUnusedPhotos(t.db, t.deps.photos, later)).toBeGreaterThanOrEqual(1)
    expect((await t.app.inject({ method: 'GET', url: photoUrl(first.key, 320) })).statusCode).toBe(404)
    const left = await t.db.select().from(productPhotos).where(eq(productPhotos.key, first.key))
    expect(left).toEqual([])
    const variants = await t.db.execute(
      sql`select count(*)::int as n from product_photo_variants where key = ${first.key}`,
    )
    expect(Number((variants as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(0)
  })
})
