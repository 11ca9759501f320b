import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productCategories } from '../../src/server/db/schema'
import { drawnOgSvg, drawnPrice, wrapName } from '../../src/server/services/catalogue/photos/drawn-og'
import { productPath } from '../../src/shared/product-links'
import { createProduct, decode, get, post, signedIn } from '../factories'
import { samplePhoto } from './photo-fixture'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * The Open Graph image drawn for a product without a photo (docs/rules/catalogue-pictures.md#drawn-og):
 * the page's head points at it, it is a 1200 × 630 JPEG, its address changes with the price, and
 * it is 404 for a product not on sale. A product with a photo keeps its photo's og.jpg.
 */
const ORIGIN = 'https://etal.example'
let t: TestApp
let root: string
let superSn: string
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_ORIGIN: ORIGIN })
  root = (await signedIn(t, 'root')).cookie
  superSn = (await signedIn(t, 'super_admin', 'SN')).cookie
})
afterAll(async () => t?.close())

const metaOf = (html: string, key: string) => {
  const re = new RegExp(`<meta (?:property|name)="${key.replace(/[:]/g, '\\$&')}" content="([^"]*)" ?/?>`)
  return re.exec(html)?.[1]
}
const headOf = async (p: { id: number; name: string }) => (await get(t, productPath(p))).body
const DRAWN = new RegExp(`^${ORIGIN}/images/products/drawn/(\\d+)-([0-9a-f]{10})\\.jpg$`)

describe('a product without a photo', () => {
  it('has a drawn og:image with its size, and a large Twitter card', async () => {
    const [beef] = await t.db.select().from(productCategories).where(eq(productCategories.name, 'Bœuf'))
    const p = await createProduct(t.db, { name: 'Foie de veau', pricePerUnit: 6500, categoryId: beef!.id })
    const html = await headOf(p)
    const image = metaOf(html, 'og:image')!
    expect(image).toMatch(DRAWN)
    expect(DRAWN.exec(image)![1]).toBe(String(p.id))
    expect(metaOf(html, 'og:image:type')).toBe('image/jpeg')
    expect(metaOf(html, 'og:image:width')).toBe('1200')
    expect(metaOf(html, 'og:image:height')).toBe('630')
    expect(metaOf(html, 'og:image:alt')).toBe('Foie de veau')
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image')
    expect(metaOf(html, 'twitter:image')).toBe(image)

    const res = await t.app.inject({ url: image.slice(ORIGIN.length) })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/jpeg')
    expect(res.headers['cache-control']).toBe('public, max-age=86400')
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 })
    // Drawn: the brand colour on the left, the paper on the right.
    const { data, info } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true })
    const at = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ]
    const [r, g, b] = at(20, 20)
    expect(r).toBeGreaterThan(120)
    expect(g).toBeLessThan(60)
    expect(b).toBeLessThan(70)
    expect(at(1180, 610).every((c) => c > 230)).toBe(true)
  })

  it('gets a new address when its price changes, and an old address shows the new image', async () => {
    const p = await createProduct(t.db, { name: 'Gigot de mouton', pricePerUnit: 6500 })
    const before = metaOf(await headOf(p), 'og:image')!
    const res = await post(t, '/_api/admin/products/update', { id: p.id, pricePerUnit: 7000 }, superSn)
    expect(res.statusCode).toBe(200)
    const after = metaOf(await headOf(p), 'og:image')!
    expect(after).toMatch(DRAWN)
    expect(after).not.toBe(before)
    const [old, now] = await Promise.all(
      [before, after].map((u) => t.app.inject({ url: u.slice(ORIGIN.length) })),
    )
    expect(old!.statusCode).toBe(200)
    expect(Buffer.compare(old!.rawPayload, now!.rawPayload)).toBe(0)
  })

  it('answers 404 for an unknown, inactive or archived product and a malformed address', async () => {
    const inactive = await createProduct(t.db, { name: 'Caché', isActive: false })
    const archived = await createProduct(t.db, { name: 'Archivé', archived: true })
    for (const file of [
      `999999-0123456789.jpg`,
      `${inactive.id}-0123456789.jpg`,
      `${archived.id}-0123456789.jpg`,
      'abc-0123456789.jpg',
      '0-0123456789.jpg',
      '99999999999-0123456789.jpg',
      `${inactive.id}.jpg`,
      `${inactive.id}-0123456789.png`,
    ]) {
      const res = await t.app.inject({ url: `/images/products/drawn/${file}` })
      expect(res.statusCode, file).toBe(404)
      expect(res.headers['cache-control'], file).toBe('no-store')
    }
  })

  it('escapes a hostile name in the SVG, and still draws it', async () => {
    const name = `Bœuf "</text><script>alert(1)</script>' & <image href="http://x/y.png"/>`
    const svg = drawnOgSvg({ id: 1, name, pricePerUnit: 6500, unitType: 'kg', category: null })
    expect(svg).not.toContain('<script')
    expect(svg).not.toContain('<image')
    expect(svg).not.toContain('http://x')
    const p = await createProduct(t.db, { name })
    const image = metaOf(await headOf(p), 'og:image')!.replace(/&amp;/g, '&')
    const res = await t.app.inject({ url: image.slice(ORIGIN.length) })
    expect(res.statusCode).toBe(200)
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 1200, height: 630 })
  })

  it('writes the price with the shop’s formatter, and wraps a long name on three lines at most', () => {
    expect(drawnPrice({ pricePerUnit: 6500, unitType: 'kg' })).toBe('6 500 F CFA / kg')
    expect(drawnPrice({ pricePerUnit: 4500, unitType: 'unit' })).toBe('4 500 F CFA / pièce')
    expect(wrapName('Viande de bœuf à braiser', 17, 2)).toEqual(['Viande de bœuf à', 'braiser'])
    const long = wrapName('Côte de bœuf maturée trente jours, persillée, du Fouta, coupe épaisse', 21, 3)
    expect(long).toHaveLength(3)
    expect(long.at(-1)).toMatch(/…$/)
    expect(long.every((l) => l.length <= 21)).toBe(true)
  })
})

describe('a product with a photo', () => {
  it('points og:image and twitter:image at its photo’s og.jpg', async () => {
    const p = await createProduct(t.db, { name: 'Côte de bœuf', pricePerUnit: 9000 })
    const res = await t.app.inject({
      method: 'POST',
      url: `/_api/admin/products/photo?id=${p.id}`,
      payload: await samplePhoto(),
      headers: { cookie: root, 'content-type': 'application/octet-stream' },
    })
    expect(res.statusCode).toBe(200)
    const { key } = decode<{ product: { photo: { key: string } } }>(res.body).product.photo
    const html = await headOf(p)
    expect(metaOf(html, 'og:image')).toBe(`${ORIGIN}/images/products/${key}/og.jpg`)
    expect(metaOf(html, 'twitter:image')).toBe(`${ORIGIN}/images/products/${key}/og.jpg`)
  })
})
