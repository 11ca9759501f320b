import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { eq } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products } from '../../src/server/db/schema'
import { imageUrlRefused } from '../../src/shared/schemas/products'
import { countryByCode, createProduct, decode, post, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * docs/security/outside-attack.md item 10: a pasted `imageUrl` made every visitor's browser fetch a stranger's server.
 * Photos are uploaded; a pasted address is refused (docs/decisions/0033), the addresses already
 * kept are cleared (migration 0024), the table holds only the shop's own /images/ paths, the
 * CSV import takes no image, and the pages' CSP lets a browser load images from the shop only.
 */
let t: TestApp
let root: string
let manager: string
beforeAll(async () => {
  t = await createTestApp()
  root = (await signedIn(t, 'root')).cookie
  manager = (await signedIn(t, 'super_admin', 'SN')).cookie
})
afterAll(() => t.close())

const imageOf = async (id: number) =>
  (await t.db.select({ imageUrl: products.imageUrl }).from(products).where(eq(products.id, id)))[0]!.imageUrl

describe('a pasted image address', () => {
  const urls = [
    'https://tracker.example/pixel.gif',
    'http://192.168.1.10/boeuf.jpg',
    '//cdn.example/a.png',
    '/images/products/../../x',
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
  ]

  it.each(urls)('is refused in French at creation, nothing stored: %s', async (imageUrl) => {
    const sn = await countryByCode(t.db, 'SN')
    const before = (await t.db.select().from(products)).length
    const res = await post(
      t,
      '/_api/admin/products',
      {
        name: 'Côte de bœuf',
        pricePerUnit: 9000,
        unitType: 'kg',
        minQuantity: 1,
        imageUrl,
        countryId: sn.id,
      },
      root,
    )
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      error: imageUrlRefused,
      code: 'VALIDATION_ERROR',
      fieldErrors: { imageUrl: [imageUrlRefused] },
    })
    expect((await t.db.select().from(products)).length).toBe(before)
  })

  it('is refused in French on an edit, the product unchanged', async () => {
    const product = await createProduct(t.db)
    const res = await post(
      t,
      '/_api/admin/products/update',
      { id: product.id, imageUrl: 'https://tracker.example/pixel.gif' },
      manager,
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe(imageUrlRefused)
    expect(await imageOf(product.id)).toBeNull()
  })

  it('an empty field or null clears an address kept from before', async () => {
    const product = await createProduct(t.db)
    const own = '/images/products/0123456789abcdef0123456789abcdef/320.webp'
    await t.db.update(products).set({ imageUrl: own }).where(eq(products.id, product.id))
    for (const imageUrl of ['', null]) {
      await t.db.update(products).set({ imageUrl: own }).where(eq(products.id, product.id))
      const res = await post(t, '/_api/admin/products/update', { id: product.id, imageUrl }, manager)
      expect(res.statusCode).toBe(200)
      expect(decode<{ product: { imageUrl: string | null } }>(res.body).product.imageUrl).toBeNull()
    }
  })

  it('cannot be written to the table by any path: only null or the shop’s own /images/', async () => {
    const product = await createProduct(t.db)
    await expect(
      t.db
        .update(products)
        .set({ imageUrl: 'https://tracker.example/pixel.gif' })
        .where(eq(products.id, product.id)),
    ).rejects.toThrow()
    await t.db
      .update(products)
      .set({ imageUrl: '/images/products/0123456789abcdef0123456789abcdef/320.webp' })
      .where(eq(products.id, product.id))
  })
})

describe('the CSV import', () => {
  it('takes no image: an image column with addresses is ignored', async () => {
    const file = [
      'Nom;Prix (F CFA);Unité;Image;URL de l’image;imageUrl',
      'Jarret importé;3500;kg;https://tracker.example/a.jpg;https://tracker.example/b.jpg;https://tracker.example/c.jpg',
    ].join('\r\n')
    const res = await t.app.inject({
      method: 'POST',
      url: '/_api/admin/products/import?mode=import',
      payload: Buffer.from(file),
      headers: { cookie: manager, 'content-type': 'application/octet-stream' },
    })
    expect(res.statusCode, res.body).toBe(200)
    const rows = await t.db
      .select({ imageUrl: products.imageUrl })
      .from(products)
      .where(eq(products.name, 'Jarret importé'))
    expect(rows).toEqual([{ imageUrl: null }])
  })
})

describe("the pages' Content-Security-Policy", () => {
  it('lets a browser load images from the shop only (and a chosen photo’s preview)', async () => {
    for (const url of ['/', '/products', '/admin/products']) {
      const res = await t.app.inject({ method: 'GET', url })
      const csp = String(res.headers['content-security-policy'])
      expect(csp).toContain("img-src 'self' data: blob:;")
      expect(csp).not.toMatch(/img-src[^;]*https?:/)
    }
  })
})

describe('migration 0024', () => {
  const dir = mkdtempSync(join(tmpdir(), 'etal-migrations-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('clears every outside image address, keeps the shop’s own paths and the rows without', async () => {
    cpSync('drizzle', dir, { recursive: true })
    const journalPath = join(dir, 'meta/_journal.json')
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] }
    const upTo = journal.entries.findIndex((e) => e.tag.startsWith('0024_'))
    expect(upTo).toBeGreaterThan(0)
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }))

    const client = new PGlite({ extensions: { pg_trgm } })
    const db = drizzle(client)
    await migrate(db, { migrationsFolder: dir })
    const { rows } = await client.query<{ id: number }>(
      `insert into countries (name, code, currency, dial_code) values ('Sénégal', 'SN', 'XOF', '+221') returning id`,
    )
    const own = '/images/products/0123456789abcdef0123456789abcdef/320.webp'
    await client.query(
      `insert into products (name, price_per_unit, unit_type, country_id, image_url) values
        ('a', 1000, 'kg', $1, 'https://tracker.example/pixel.gif'),
        ('b', 1000, 'kg', $1, 'http://images.example/b.jpg'),
        ('c', 1000, 'kg', $1, $2),
        ('d', 1000, 'kg', $1, null)`,
      [rows[0]!.id, own],
    )
    await migrate(db, { migrationsFolder: 'drizzle' })
    const after = await client.query<{ name: string; image_url: string | null }>(
      'select name, image_url from products order by name',
    )
    expect(after.rows).toEqual([
      { name: 'a', image_url: null },
      { name: 'b', image_url: null },
      { name: 'c', image_url: own },
      { name: 'd', image_url: null },
    ])
    await expect(
      client.query(`update products set image_url = 'https://tracker.example/x.gif' where name = 'd'`),
    ).rejects.toThrow(/products_image_url_own_ck/)
    await client.close()
  }, 60_000)
})
