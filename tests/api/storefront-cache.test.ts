import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { eq, sql } from 'drizzle-orm'
import Fastify from 'fastify'
import { validatorCompiler } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import featured from '../../src/server/api/catalogue/shop/featured'
import productsEndpoint from '../../src/server/api/catalogue/shop/products'
import { products } from '../../src/server/db/schema'
import { defineCall } from '../../src/shared/calls'
import { defineEndpoint, type Endpoint } from '../../src/server/http/define-endpoint'
import { installErrorHandler } from '../../src/server/http/error-handler'
import { registerEndpoints } from '../../src/server/http/kernel'
import { createStorefrontCache, pickEncoding } from '../../src/server/services/catalogue/storefront-cache'
import { z } from '../../src/shared/schemas/zod'
import { countryByCode, createProduct, decode, get, post, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

type Product = { id: number; name: string; pricePerUnit: number }

describe('createStorefrontCache', () => {
  const counter = () => {
    let n = 0
    return { load: async () => ({ n: ++n }), count: () => n }
  }

  it('serializes once, serves the copy until it expires, then loads again', async () => {
    let clock = 1_000
    const cache = createStorefrontCache({ ttlMs: 5_000, now: () => clock })
    const c = counter()
    const first = await cache.get('products', c.load)
    expect(first.text).toBe('{"json":{"n":1}}')
    expect(await cache.get('products', c.load)).toBe(first)
    clock += 5_000
    expect((await cache.get('products', c.load)).text).toBe('{"json":{"n":1}}')
    // Past its TTL (lru-cache's rule: older than ttlMs), read again.
    clock += 1
    expect((await cache.get('products', c.load)).text).toBe('{"json":{"n":2}}')
    expect(c.count()).toBe(2)
  })

  it('serves the same answer, compressed forms and all, when it reads the same text after expiry', async () => {
    let clock = 1_000
    const cache = createStorefrontCache({ ttlMs: 5_000, now: () => clock })
    const first = await cache.get('countries', async () => ({ same: true }))
    clock += 6_000
    expect(await cache.get('countries', async () => ({ same: true }))).toBe(first)
    cache.invalidate()
    expect(await cache.get('countries', async () => ({ same: true }))).not.toBe(first)
  })

  it('drops every answer on invalidate', async () => {
    const cache = createStorefrontCache({ ttlMs: 60_000 })
    const c = counter()
    await cache.get('products', c.load)
    await cache.get('featured', c.load)
    cache.invalidate()
    expect((await cache.get('products', c.load)).text).toBe('{"json":{"n":3}}')
    expect((await cache.get('featured', c.load)).text).toBe('{"json":{"n":4}}')
  })

  it('loads once for concurrent readers', async () => {
    const cache = createStorefrontCache({ ttlMs: 60_000 })
    const c = counter()
    const answers = await Promise.all([1, 2, 3, 4].map(() => cache.get('products', c.load)))
    expect(c.count()).toBe(1)
    expect(new Set(answers).size).toBe(1)
  })

  it('keeps nothing that was loading when a write invalidated it', async () => {
    const cache = createStorefrontCache({ ttlMs: 60_000 })
    let release!: () => void
    const slow = cache.get('products', () => new Promise<object>((r) => (release = () => r({ v: 'avant' }))))
    cache.invalidate()
    release()
    expect((await slow).text).toBe('{"json":{"v":"avant"}}')
    expect((await cache.get('products', async () => ({ v: 'après' }))).text).toBe('{"json":{"v":"après"}}')
  })

  it('serves an answer `keep` refuses without keeping it, and keeps the others per key', async () => {
    const cache = createStorefrontCache({ ttlMs: 60_000 })
    const c = counter()
    const keepOdd = { keep: (v: { n: number }) => v.n % 2 === 1 }
    expect((await cache.get('products:1', c.load, keepOdd)).text).toBe('{"json":{"n":1}}')
    expect((await cache.get('products:1', c.load, keepOdd)).text).toBe('{"json":{"n":1}}')
    expect((await cache.get('products:2', c.load, { keep: () => false })).text).toBe('{"json":{"n":2}}')
    expect((await cache.get('products:2', c.load, { keep: () => false })).text).toBe('{"json":{"n":3}}')
    expect(c.count()).toBe(3)
  })

  it('with a TTL of 0, loads at every call', async () => {
    const cache = createStorefrontCache({ ttlMs: 0 })
    const c = counter()
    await cache.get('products', c.load)
    await cache.get('products', c.load)
    expect(c.count()).toBe(2)
  })

  it('with a TTL of 0, keeps nothing but lets concurrent callers share one read, never across a write', async () => {
    const cache = createStorefrontCache({ ttlMs: 0 })
    const c = counter()
    const burst = await Promise.all([1, 2, 3].map(() => cache.get('products', c.load)))
    expect(c.count()).toBe(1)
    expect(new Set(burst.map((a) => a.text))).toEqual(new Set(['{"json":{"n":1}}']))
    // Settled: the next caller reads again.
    expect((await cache.get('products', c.load)).text).toBe('{"json":{"n":2}}')
    // A write here while a read is in flight: later callers do not join that read.
    let release!: () => void
    const slow = cache.get('products', () => new Promise<object>((r) => (release = () => r({ v: 'avant' }))))
    cache.invalidate()
    const after = cache.get('products', async () => ({ v: 'après' }))
    release()
    expect((await slow).text).toBe('{"json":{"v":"avant"}}')
    expect((await after).text).toBe('{"json":{"v":"après"}}')
  })
})

describe('pickEncoding', () => {
  it('prefers br, then gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br')
    expect(pickEncoding('gzip, br;q=0')).toBe('gzip')
    expect(pickEncoding('deflate')).toBe('identity')
    expect(pickEncoding(undefined)).toBe('identity')
    expect(pickEncoding('*')).toBe('br')
  })
})

describe('the storefront reads with the cache on', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ STOREFRONT_CACHE_MS: '600000' })
  })
  afterAll(async () => t.close())

  const list = async (url: string) =>
    decode<{ products: Product[] }>((await t.app.inject({ method: 'GET', url })).body).products

  it('serves the cached copy to a write the app did not make (other instances: the TTL)', async () => {
    const before = await list('/_api/products')
    await createProduct(t.db, { name: 'Écrit ailleurs' })
    expect((await list('/_api/products')).map((p) => p.id)).toEqual(before.map((p) => p.id))
    t.deps.storefrontCache.invalidate()
    expect((await list('/_api/products')).map((p) => p.name)).toContain('Écrit ailleurs')
  })

  it('sends each encoding compressed once, the same JSON as uncompressed', async () => {
    for (let i = 0; i < 12; i++) await createProduct(t.db, { name: `Produit compressé ${i}` })
    t.deps.storefrontCache.invalidate()
    const plain = await t.app.inject({ method: 'GET', url: '/_api/products' })
    const br = await t.app.inject({
      method: 'GET',
      url: '/_api/products',
      headers: { 'accept-encoding': 'br' },
    })
    const gzip = await t.app.inject({
      method: 'GET',
      url: '/_api/products',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(br.headers['content-encoding']).toBe('br')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(br.headers.vary).toContain('accept-encoding')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body)
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body)
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length)
  })
})

describe('a product write through the API', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => t.close())

  it('is visible at once in GET /_api/products and /_api/featured', async () => {
    // The kernel drops the cache after any write under /_api/admin/products: a stand-in for
    // the admin catalogue's endpoints, on the real kernel and the real storefront endpoints.
    const rename = defineEndpoint({
      call: defineCall({
        method: 'POST',
        path: '/_api/admin/products/update',
        input: z.strictObject({ id: z.number().int(), name: z.string(), pricePerUnit: z.number().int() }),
        output: z.strictObject({ ok: z.boolean() }),
      }),
      roles: 'public',
      writesStorefront: true,
      async handler({ input, db }) {
        await db
          .update(products)
          .set({ name: input.name, pricePerUnit: input.pricePerUnit })
          .where(eq(products.id, input.id))
        return { ok: true }
      },
    })
    const app = Fastify()
    app.setValidatorCompiler(validatorCompiler)
    installErrorHandler(app)
    const deps = { ...t.deps, storefrontCache: createStorefrontCache({ ttlMs: 600_000 }) }
    registerEndpoints(app, [productsEndpoint, featured, rename] as unknown as Endpoint[], deps)
    await app.ready()
    try {
      const p = await createProduct(t.db, { name: 'Avant', isFeatured: true })
      const read = async (url: string) =>
        decode<{ products: Product[] }>((await app.inject({ method: 'GET', url })).body).products.find(
          (x) => x.id === p.id,
        )
      expect(await read('/_api/products')).toMatchObject({ name: 'Avant', pricePerUnit: 1000 })
      expect(await read('/_api/featured')).toMatchObject({ name: 'Avant' })
      const res = await app.inject({
        method: 'POST',
        url: '/_api/admin/products/update',
        payload: { id: p.id, name: 'Après', pricePerUnit: 2500 },
      })
      expect(res.statusCode).toBe(200)
      expect(await read('/_api/products')).toMatchObject({ name: 'Après', pricePerUnit: 2500 })
      expect(await read('/_api/featured')).toMatchObject({ name: 'Après', pricePerUnit: 2500 })
    } finally {
      await app.close()
    }
  })
})

describe('the admin catalogue writes, with the cache on', () => {
  let t: TestApp
  let root: string
  beforeAll(async () => {
    t = await createTestApp({ STOREFRONT_CACHE_MS: '600000' })
    root = (await signedIn(t, 'root')).cookie
  })
  afterAll(async () => t.close())

  const find = async (url: string, id: number) =>
    decode<{ products: Product[] }>((await get(t, url)).body).products.find((p) => p.id === id)
  const ok = async (url: string, payload: object) =>
    expect((await post(t, url, payload, root)).statusCode).toBeLessThan(300)

  it('are visible at once in GET /_api/products and /_api/featured: update, bulk toggle, delete, country toggle', async () => {
    const a = await createProduct(t.db, { name: 'Cache A', isFeatured: true })
    const b = await createProduct(t.db, { name: 'Cache B', country: 'KM' })
    t.deps.storefrontCache.invalidate() // the factory writes straight to the database
    expect(await find('/_api/products', a.id)).toMatchObject({ name: 'Cache A' })
    expect(await find('/_api/featured', a.id)).toMatchObject({ name: 'Cache A' })

    await ok('/_api/admin/products/update', { id: a.id, name: 'Cache A renommé', pricePerUnit: 4200 })
    expect(await find('/_api/products', a.id)).toMatchObject({ name: 'Cache A renommé', pricePerUnit: 4200 })
    expect(await find('/_api/featured', a.id)).toMatchObject({ name: 'Cache A renommé' })

    await ok('/_api/admin/products/bulk-actions', {
      action: 'toggle_active',
      productIds: [a.id],
      isActive: false,
    })
    expect(await find('/_api/products', a.id)).toBeUndefined()
    expect(await find('/_api/featured', a.id)).toBeUndefined()
    await ok('/_api/admin/products/bulk-actions', {
      action: 'toggle_active',
      productIds: [a.id],
      isActive: true,
    })
    expect(await find('/_api/products', a.id)).toBeDefined()

    await ok('/_api/admin/products/delete', { id: a.id })
    expect(await find('/_api/products', a.id)).toBeUndefined()

    expect(await find('/_api/products', b.id)).toBeDefined()
    const km = await countryByCode(t.db, 'KM')
    await ok('/_api/admin/countries/update', { id: km.id, isActive: false })
    expect(await find('/_api/products', b.id)).toBeUndefined()
    await ok('/_api/admin/countries/update', { id: km.id, isActive: true })
    expect(await find('/_api/products', b.id)).toMatchObject({ countryName: km.name })
  })

  it("keeps each country's answer apart, and a product write drops them all", async () => {
    const sn = await countryByCode(t.db, 'SN')
    const ml = await countryByCode(t.db, 'ML')
    const a = await createProduct(t.db, { name: 'Par pays A', isFeatured: true })
    const b = await createProduct(t.db, { name: 'Par pays B', country: 'ML', isFeatured: true })
    t.deps.storefrontCache.invalidate() // the factory writes straight to the database
    const names = async (url: string) =>
      decode<{ products: Product[] }>((await get(t, url)).body).products.map((p) => p.name)
    const snList = await names(`/_api/products?countryId=${sn.id}`)
    const mlList = await names(`/_api/products?countryId=${ml.id}`)
    expect(snList).toContain('Par pays A')
    expect(snList).not.toContain('Par pays B')
    expect(mlList).toContain('Par pays B')
    expect(mlList).not.toContain('Par pays A')
    expect(await names(`/_api/featured?countryId=${ml.id}`)).toContain('Par pays B')

    // Cached: a row written behind the app's back is not seen, in either country or the whole list.
    await createProduct(t.db, { name: 'Par pays écrit ailleurs', country: 'ML' })
    expect(await names(`/_api/products?countryId=${ml.id}`)).toEqual(mlList)
    expect(await names(`/_api/products?countryId=${sn.id}`)).toEqual(snList)

    // A write through the API drops every country's answer at once.
    await ok('/_api/admin/products/update', { id: b.id, name: 'Par pays B renommé', pricePerUnit: 3100 })
    const after = await names(`/_api/products?countryId=${ml.id}`)
    expect(after).toContain('Par pays B renommé')
    expect(after).toContain('Par pays écrit ailleurs')
    expect(await names(`/_api/featured?countryId=${ml.id}`)).toContain('Par pays B renommé')
    expect(await find(`/_api/products?countryId=${sn.id}`, a.id)).toMatchObject({ name: 'Par pays A' })
  })

  it('never keeps the answer of a country without products: made-up ids do not fill the cache', async () => {
    expect(
      decode<{ products: Product[] }>((await get(t, '/_api/products?countryId=987654')).body).products,
    ).toEqual([])
    const dj = await countryByCode(t.db, 'DJ')
    const url = `/_api/products?countryId=${dj.id}`
    const before = decode<{ products: Product[] }>((await get(t, url)).body).products
    expect(before).toEqual([])
    // Not kept: the next read sees a product written behind the app's back.
    await createProduct(t.db, { name: 'Premier produit de Djibouti', country: 'DJ' })
    expect(decode<{ products: Product[] }>((await get(t, url)).body).products.map((p) => p.name)).toEqual([
      'Premier produit de Djibouti',
    ])
  })
})

describe('the place reads, cached with the storefront', () => {
  let t: TestApp
  let root: string
  beforeAll(async () => {
    t = await createTestApp({ STOREFRONT_CACHE_MS: '600000' })
    root = (await signedIn(t, 'root')).cookie
  })
  afterAll(async () => t.close())

  type City = { id: number; name: string; deliverable: boolean }
  const cities = async (q = '') => decode<{ cities: City[] }>((await get(t, `/_api/cities${q}`)).body).cities
  const zones = async (cityId: number) =>
    decode<{ zones: { name: string }[] }>((await get(t, `/_api/zones/by-city?cityId=${cityId}`)).body).zones

  it('serve a copy, and show a city or zone written through the API at once', async () => {
    const sn = await countryByCode(t.db, 'SN')
    const before = await cities(`?countryId=${sn.id}`)
    const countries = (await get(t, '/_api/countries')).body
    // A write the app did not make is not seen until the copy expires or a write drops it.
    await t.db.execute(sql`update countries set dial_code = '+2210' where id = ${sn.id}`)
    expect((await get(t, '/_api/countries')).body).toBe(countries)
    expect(countries).not.toContain('+2210')

    const created = await post(t, '/_api/admin/cities', { name: 'Ziguinchor', countryId: sn.id }, root)
    expect(created.statusCode).toBe(201)
    const city = (await cities(`?countryId=${sn.id}`)).find((c) => c.name === 'Ziguinchor')
    expect(city).toMatchObject({ deliverable: false })
    expect((await cities()).map((c) => c.name)).toContain('Ziguinchor')
    expect(await cities(`?countryId=${sn.id}`)).toHaveLength(before.length + 1)
    // The city's write dropped the countries' copy too.
    expect((await get(t, '/_api/countries')).body).toContain('+2210')
    await t.db.execute(sql`update countries set dial_code = '+221' where id = ${sn.id}`)

    expect(await zones(city!.id)).toEqual([])
    expect(
      (await post(t, '/_api/admin/zones', { name: 'Boucotte', cityId: city!.id }, root)).statusCode,
    ).toBe(201)
    expect((await zones(city!.id)).map((z) => z.name)).toEqual(['Boucotte'])
    // The city is deliverable now that it has an active zone.
    expect((await cities(`?countryId=${sn.id}`)).find((c) => c.id === city!.id)).toMatchObject({
      deliverable: true,
    })
  })
})
