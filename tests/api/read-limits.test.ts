import { sql } from 'drizzle-orm'
import { Redis } from 'ioredis'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/server/config'
import { READY_KEPT_MS } from '../../src/server/http/health'
import {
  createPhotoStore,
  keptInMemory,
  type PhotoStore,
} from '../../src/server/services/catalogue/photos/store'
import { photoUrl, type Photo } from '../../src/shared/photos'
import { createProduct, decode, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * docs/security/outside-attack.md item 6: `/_api/ready` and the product photos read the database at every request,
 * with no per-IP limit (8,195 ready reads and 6,777 photo lookups in 10 s from one client slowed
 * the storefront's reads from 1 ms to over a second). Ready's read is kept a second; photos are
 * served from a bounded memory; both are limited per client IP, far above what a load
 * balancer's checks or a phone reach (docs/security/run-time.md).
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const ready = (t: TestApp, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'GET', url: '/_api/ready', remoteAddress })

/** Counts the statements the app's database runs (`execute`: ready's read, among others). */
function countExecutes(t: TestApp) {
  const db = t.db as unknown as { execute: (...a: unknown[]) => unknown }
  const original = db.execute.bind(db)
  const counter = { n: 0 }
  db.execute = (...a: unknown[]) => {
    counter.n += 1
    return original(...a)
  }
  return { counter, restore: () => void (db.execute = original) }
}

async function uploadPhoto(t: TestApp, cookie: string, color: string): Promise<Photo> {
  const product = await createProduct(t.db)
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: color } })
    .jpeg()
    .toBuffer()
  const res = await t.app.inject({
    method: 'POST',
    url: `/_api/admin/products/photo?id=${product.id}`,
    payload: jpeg,
    headers: { 'content-type': 'application/octet-stream', cookie },
  })
  expect(res.statusCode, res.body).toBe(200)
  return decode<{ product: { photo: Photo } }>(res.body).product.photo
}

const dropVariants = (t: TestApp, key: string) =>
  t.db.execute(sql`delete from product_photo_variants where key = ${key}`)

describe('/_api/ready', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('reads the database at most once a second, however many ask', async () => {
    await sleep(READY_KEPT_MS + 50)
    const { counter, restore } = countExecutes(t)
    try {
      const answers = await Promise.all(Array.from({ length: 50 }, () => ready(t)))
      for (let i = 0; i < 50; i++) answers.push(await ready(t))
      expect(answers.every((a) => a.statusCode === 200)).toBe(true)
      expect(counter.n).toBe(1)
      await sleep(READY_KEPT_MS + 50)
      expect((await ready(t)).statusCode).toBe(200)
      expect(counter.n).toBe(2)
    } finally {
      restore()
    }
  })

  it('keeps what it read for a second, then reads again (a missing migration shows)', async () => {
    expect((await ready(t)).statusCode).toBe(200)
    await t.db.execute(
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
    )
    expect((await ready(t)).statusCode).toBe(200)
    await sleep(READY_KEPT_MS + 100)
    const after = await ready(t)
    expect(after.statusCode).toBe(503)
    expect(after.json()).toMatchObject({ code: 'MIGRATIONS_PENDING' })
  })
})

describe('per-IP limits on ready and on photos', () => {
  let t: TestApp
  let cookie: string
  beforeAll(async () => {
    t = await createTestApp({ READY_RATE_PER_MINUTE: '5', PHOTO_RATE_PER_MINUTE: '5' })
    cookie = (await signedIn(t, 'super_admin', 'SN')).cookie
  })
  afterAll(() => t.close())

  it('ready: 429 in French past its limit for that IP; other IPs and health are untouched', async () => {
    for (let i = 0; i < 5; i++) expect((await ready(t, '10.0.0.1')).statusCode).toBe(200)
    const refused = await ready(t, '10.0.0.1')
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({
      error: expect.stringMatching(/^Trop de requêtes\. Réessayez dans \d+ secondes\.$/),
      code: 'TOO_MANY_REQUESTS',
    })
    expect((await ready(t, '10.0.0.2')).statusCode).toBe(200)
    for (let i = 0; i < 20; i++) {
      const health = await t.app.inject({ method: 'GET', url: '/_api/health', remoteAddress: '10.0.0.1' })
      expect(health.statusCode).toBe(200)
    }
  })

  it('photos: 429 in French past the limit for that IP, counted apart from ready and the API', async () => {
    const photo = await uploadPhoto(t, cookie, '#264')
    const url = photoUrl(photo.key, 320)
    const at = (remoteAddress: string) => t.app.inject({ method: 'GET', url, remoteAddress })
    for (let i = 0; i < 5; i++) expect((await at('10.0.1.1')).statusCode).toBe(200)
    const refused = await at('10.0.1.1')
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' })
    expect(refused.json().error).toMatch(/^Trop de requêtes/)
    expect((await at('10.0.1.2')).statusCode).toBe(200)
    expect((await ready(t, '10.0.1.1')).statusCode).toBe(200)
    expect(
      (await t.app.inject({ method: 'GET', url: '/_api/countries', remoteAddress: '10.0.1.1' })).statusCode,
    ).toBe(200)
  })

  it('the defaults are far above a load balancer checking every second and a page of photos', () => {
    const config = loadConfig({})
    expect(config.READY_RATE_PER_MINUTE).toBeGreaterThanOrEqual(10 * 60)
    expect(config.PHOTO_RATE_PER_MINUTE).toBeGreaterThanOrEqual(1000)
  })
})

describe('photos served from a bounded memory', () => {
  let t: TestApp
  let cookie: string
  beforeAll(async () => {
    t = await createTestApp()
    cookie = (await signedIn(t, 'super_admin', 'SN')).cookie
  })
  afterAll(() => t.close())

  it('a width served once is served again, with its immutable headers, without the database', async () => {
    const photo = await uploadPhoto(t, cookie, '#a52')
    const first = await t.app.inject({ method: 'GET', url: photoUrl(photo.key, 320) })
    expect(first.statusCode).toBe(200)
    await dropVariants(t, photo.key)
    const again = await t.app.inject({ method: 'GET', url: photoUrl(photo.key, 320) })
    expect(again.statusCode).toBe(200)
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true)
    expect(again.headers['content-type']).toBe('image/webp')
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(again.headers.etag).toBe(`"${photo.key}-320"`)
    // A width never asked for was not read ahead: gone with the rows.
    expect((await t.app.inject({ method: 'GET', url: photoUrl(photo.key, 160) })).statusCode).toBe(404)
  })

  it('with PHOTO_CACHE_MB=0 nothing is kept', async () => {
    const none = await createTestApp({ PHOTO_CACHE_MB: '0' })
    try {
      const admin = (await signedIn(none, 'super_admin', 'SN')).cookie
      const photo = await uploadPhoto(none, admin, '#5a2')
      expect((await none.app.inject({ method: 'GET', url: photoUrl(photo.key, 320) })).statusCode).toBe(200)
      await dropVariants(none, photo.key)
      expect((await none.app.inject({ method: 'GET', url: photoUrl(photo.key, 320) })).statusCode).toBe(404)
    } finally {
      await none.close()
    }
  })

  it('keeps at most its bytes, the least recently served out first; a deleted photo goes', async () => {
    const photo = await uploadPhoto(t, cookie, '#2a5')
    const database = createPhotoStore({ ...t.config, PHOTO_CACHE_MB: 0 }, t.db)
    const reads: string[] = []
    const counted: PhotoStore = {
      ...database,
      get: (key, width) => {
        reads.push(`${width}`)
        return database.get(key, width)
      },
    }
    const sizes = new Map<number, number>()
    for (const w of [160, 320, 640]) sizes.set(w, (await database.get(photo.key, w))!.length)
    // Room for the 640 and the 320, not for the 160 beside them.
    const kept = keptInMemory(counted, sizes.get(640)! + sizes.get(320)!)
    await kept.get(photo.key, 640)
    await kept.get(photo.key, 320)
    await kept.get(photo.key, 640)
    await kept.get(photo.key, 320)
    expect(reads).toEqual(['640', '320'])
    await kept.get(photo.key, 160) // the 640, least recently served, goes
    await kept.get(photo.key, 320)
    await kept.get(photo.key, 640)
    expect(reads).toEqual(['640', '320', '160', '640'])
    await kept.remove([{ key: photo.key, widths: [160, 320, 640] }])
    expect(await kept.get(photo.key, 320)).toBeNull()
  })
})

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
async function redisUp() {
  const r = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    connectTimeout: 1000,
  })
  try {
    await r.connect()
    return (await r.ping()) === 'PONG'
  } catch {
    return false
  } finally {
    r.disconnect()
  }
}
const hasRedis = await redisUp()
if (!hasRedis) console.warn(`read limits on Redis: skipped: no Redis at ${REDIS_URL}`)

describe.skipIf(!hasRedis)(`on Redis, two instances${hasRedis ? '' : ' — skipped: no Redis'}`, () => {
  let a: TestApp
  let b: TestApp
  beforeAll(async () => {
    const env = { REDIS_URL, READY_RATE_PER_MINUTE: '4', API_RATE_PER_MINUTE: '100' }
    a = await createTestApp(env)
    b = await createTestApp(env)
  })
  afterAll(async () => {
    await a?.close()
    await b?.close()
  })

  it("count one IP's ready calls once across both, apart from its API calls", async () => {
    // An address of this run only: Redis keeps the counts of earlier runs for their minute.
    const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`
    const statuses: number[] = []
    for (const t of [a, b, a, b, a]) statuses.push((await ready(t, ip)).statusCode)
    expect(statuses).toEqual([200, 200, 200, 200, 429])
    const api = await b.app.inject({ method: 'GET', url: '/_api/countries', remoteAddress: ip })
    expect(api.statusCode).toBe(200)
  })
})
