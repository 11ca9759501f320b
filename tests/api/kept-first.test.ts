import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { frontDoorAnswers } from '../../src/server/http/kept-first'
import { createStorefrontCache } from '../../src/server/services/catalogue/storefront-cache'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * The front door of kept storefront answers (src/server/http/kept-first.ts, decision 0084): a
 * read Fastify has already answered with a kept answer is answered before Fastify, with the
 * very same status, headers (in their order) and bytes, counted in the same per-IP limit and
 * written in the same log line; a write sends the next read back through Fastify.
 */
type Raw = { status: number; rawHeaders: string[]; body: Buffer }

function fetchRaw(port: number, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }),
      )
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

/** The headers in order, the date's and the request id's values left out (they differ each time). */
const shape = (raw: Raw) => {
  const out: string[] = []
  for (let i = 0; i < raw.rawHeaders.length; i += 2) {
    const name = raw.rawHeaders[i]!
    out.push(name, name === 'Date' || name === 'x-request-id' ? '…' : raw.rawHeaders[i + 1]!)
  }
  return out
}
const header = (raw: Raw, name: string) => raw.rawHeaders[raw.rawHeaders.indexOf(name) + 1]

async function listening(env: Record<string, string>, lines?: string[]) {
  const t = await createTestApp(
    { STOREFRONT_CACHE_MS: '600000', ...env },
    lines ? { logStream: { write: (l: string) => void lines.push(l) } } : {},
  )
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  return { t, port: (t.app.server.address() as AddressInfo).port }
}

describe('kept storefront answers at the front door', () => {
  let t: TestApp
  let port: number
  const lines: string[] = []
  let zonesPath = ''

  beforeAll(async () => {
    ;({ t, port } = await listening({ LOG_LEVEL: 'info' }, lines))
    const rows = (await t.db.execute(
      sql`select z.city_id as "cityId" from zones z join cities c on c.id = z.city_id where z.is_active and c.is_active limit 1`,
    )) as unknown as { rows: { cityId: number }[] }
    zonesPath = `/_api/zones/by-city?cityId=${rows.rows[0]!.cityId}`
  })
  afterAll(() => t.close())

  it('sends what Fastify sent: status, headers in order, bytes, in every encoding', async () => {
    for (const path of ['/_api/countries', '/_api/cities', '/_api/featured', zonesPath])
      for (const accept of [undefined, 'br', 'gzip, deflate', 'gzip;q=0, br;q=0']) {
        const headers: Record<string, string> = accept ? { 'accept-encoding': accept } : {}
        const before = frontDoorAnswers.count
        const first = await fetchRaw(port, path, headers)
        const second = await fetchRaw(port, path, headers)
        expect(first.status, path).toBe(200)
        // The first through Fastify unless an earlier turn kept it; the second at the door.
        expect(frontDoorAnswers.count - before, `${path} ${accept}`).toBeGreaterThanOrEqual(1)
        expect(shape(second), `${path} ${accept}`).toEqual(shape(first))
        expect(second.body.equals(first.body)).toBe(true)
        expect(header(second, 'x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
        expect(header(second, 'x-request-id')).not.toBe(header(first, 'x-request-id'))
      }
    // Its headers are the API's (app.ts): no-store, the security headers, no cookie.
    const kept = await fetchRaw(port, '/_api/countries')
    expect(header(kept, 'cache-control')).toBe('no-store')
    expect(header(kept, 'x-frame-options')).toBe('DENY')
    expect(header(kept, 'content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'")
  })

  it('writes the same log line as Fastify, with the request id it sent', async () => {
    const before = frontDoorAnswers.count
    const door = await fetchRaw(port, '/_api/countries')
    expect(frontDoorAnswers.count).toBe(before + 1)
    // The first line of this address is Fastify's (the first test's first read), the last the door's.
    const mine = lines.map((l) => JSON.parse(l)).filter((l) => l.url === '/_api/countries')
    const [fastify, last] = [mine[0], mine.at(-1)]
    const keys = (l: object) => Object.keys(l).filter((k) => k !== 'time' && k !== 'responseTime')
    expect(keys(last)).toEqual(keys(fastify))
    expect(Object.keys(last)).toEqual(Object.keys(fastify))
    expect(last).toMatchObject({
      msg: 'request completed',
      method: 'GET',
      statusCode: 200,
      level: fastify.level,
    })
    expect(last.reqId).toBe(header(door, 'x-request-id'))
    expect(fastify.reqId).not.toBe(last.reqId)
  })

  it('leaves a read after a write to Fastify, which reads the change', async () => {
    await fetchRaw(port, '/_api/countries')
    const rows = (await t.db.execute(
      sql`select name from countries where is_active order by id limit 1`,
    )) as unknown as {
      rows: { name: string }[]
    }
    const name = rows.rows[0]!.name
    await t.db.execute(sql`update countries set name = ${`${name} (bis)`} where name = ${name}`)
    await t.deps.storefrontCache.afterWrite()
    const before = frontDoorAnswers.count
    const after = await fetchRaw(port, '/_api/countries')
    expect(frontDoorAnswers.count).toBe(before)
    expect(after.body.toString()).toContain(`${name} (bis)`)
    await fetchRaw(port, '/_api/countries')
    expect(frontDoorAnswers.count).toBe(before + 1)
  })

  it('never answers a request with a body, a HEAD, an address not kept or a signed-in read', async () => {
    await fetchRaw(port, '/_api/countries')
    const before = frontDoorAnswers.count
    await new Promise<void>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/_api/countries', method: 'HEAD' }, (res) => {
        res.resume()
        res.on('end', () => resolve())
      })
      req.on('error', reject)
      req.end()
    })
    expect((await fetchRaw(port, '/_api/countries?countryId=abc')).status).toBe(400)
    expect((await fetchRaw(port, '/_api/admin/orders')).status).toBe(401)
    expect(frontDoorAnswers.count).toBe(before)
  })
})

describe('the front door and the per-IP limit', () => {
  it("counts its answers in the API's limit, and leaves the refusal to Fastify", async () => {
    const { t, port } = await listening({ API_RATE_PER_MINUTE: '3' })
    try {
      const before = frontDoorAnswers.count
      const statuses = []
      for (let i = 0; i < 4; i++) statuses.push((await fetchRaw(port, '/_api/countries')).status)
      expect(statuses).toEqual([200, 200, 200, 429])
      expect(frontDoorAnswers.count - before).toBe(2)
      const refused = await fetchRaw(port, '/_api/countries')
      expect(JSON.parse(refused.body.toString()).code).toBe('TOO_MANY_REQUESTS')
    } finally {
      await t.close()
    }
  })
})

describe('the addresses the storefront cache remembers', () => {
  it('only kept answers, until their expiry or a write, here or heard from another instance', async () => {
    let clock = 1_000
    const cache = createStorefrontCache({ ttlMs: 5_000, now: () => clock })
    const kept = await cache.get('countries', async () => ({ n: 1 }))
    const notKept = await cache.get('cities:999', async () => ({ cities: [] }), { keep: () => false })
    cache.remember('/_api/countries', kept)
    cache.remember('/_api/cities?countryId=999', notKept)
    expect(cache.keptAt('/_api/countries')).toBe(kept)
    expect(cache.keptAt('/_api/cities?countryId=999')).toBeUndefined()
    // Expired: forgotten, though the cache would serve the same answer again after a load.
    clock += 5_001
    expect(cache.keptAt('/_api/countries')).toBeUndefined()
    const again = await cache.get('countries', async () => ({ n: 1 }))
    cache.remember('/_api/countries', again)
    expect(cache.keptAt('/_api/countries')).toBe(again)
    // A write (this instance's, or another's heard through storefront-sync.ts: invalidate).
    cache.invalidate()
    expect(cache.keptAt('/_api/countries')).toBeUndefined()
    // An answer from before the write is not remembered after it.
    cache.remember('/_api/countries', again)
    expect(cache.keptAt('/_api/countries')).toBeUndefined()
  })
})
