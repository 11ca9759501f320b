import fc from 'fast-check'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '../../src/server/api'
import { signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * Every endpoint of the registry, fed at least 200 generated bad inputs as a visitor, a client
 * and root: wrong types, missing and extra fields, hostile numbers and strings, wrong content
 * types, malformed JSON. None may answer 5xx, and nothing may be stored.
 */
let t: TestApp
let cookies: (string | undefined)[]
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true', API_RATE_PER_MINUTE: '1000000' })
  cookies = [undefined, (await signedIn(t, 'client')).cookie, (await signedIn(t, 'root')).cookie]
})
afterAll(() => t.close())

const hostileStrings = [
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../etc/passwd',
  '\u0000',
  '${7*7}{{7*7}}',
  '   ',
  '',
  'NaN',
  '-1',
  '1e309',
  '0x10',
  'a'.repeat(5000),
]
const hostileNumbers = [-1, 0, 0.5, 1.25, -0.0, 1e308, -1e308, 2 ** 53 + 1, 2 ** 31, 1e-7]
const leaf = fc.oneof(
  fc.constantFrom<unknown>(...hostileStrings, ...hostileNumbers, null, true, false, [], {}),
  fc.string(),
  fc.double(),
  fc.integer(),
)
const value = fc.oneof(
  leaf,
  fc.array(leaf, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), leaf, { maxKeys: 3 }),
)
/** Objects with the field names endpoints use, holding values of the wrong kind, plus extras. */
const fieldNames = [
  'id',
  'orderId',
  'userId',
  'productId',
  'productIds',
  'cityId',
  'zoneId',
  'countryId',
  'driverId',
  'messageId',
  'email',
  'password',
  'displayName',
  'name',
  'status',
  'isActive',
  'items',
  'quantity',
  'page',
  'limit',
  'pricePerUnit',
  'totalAmount',
  'discount',
  'role',
  'country',
  'city',
  'search',
  'action',
  'targetCountryId',
]
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...fieldNames), value, { maxKeys: 6 }),
  fc.dictionary(fc.string({ maxLength: 12 }), value, { maxKeys: 4 }),
  fc.anything(),
)
const query = fc.dictionary(
  fc.constantFrom(...fieldNames),
  fc.oneof(fc.constantFrom(...hostileStrings), fc.string()),
  { maxKeys: 4 },
)

const business = [
  'users',
  'orders',
  'order_items',
  'order_events',
  'products',
  'countries',
  'cities',
  'zones',
  'contact_messages',
  'loyalty_transactions',
  'product_categories',
]
async function counts() {
  const out: Record<string, number> = {}
  for (const table of business) {
    const r = (await t.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
      rows: { n: number }[]
    }
    out[table] = Number(r.rows[0]!.n)
  }
  return out
}

describe('hostile input', () => {
  // About 20 s: every endpoint of the API receives every hostile payload, then every table is
  // counted again; one test so the counts are taken once.
  it('never answers 5xx and stores nothing, for every endpoint', async () => {
    const before = await counts()
    const failures: string[] = []
    let sent = 0
    for (const [i, ep] of endpoints.entries()) {
      const samples =
        ep.method === 'GET'
          ? fc.sample(query, { numRuns: 200, seed: 1000 + i })
          : fc.sample(body, { numRuns: 200, seed: 1000 + i })
      for (const [n, sample] of samples.entries()) {
        const cookie = cookies[n % cookies.length]
        const headers: Record<string, string> = cookie ? { cookie } : {}
        let res
        if (ep.method === 'GET') {
          const qs = new URLSearchParams(sample as Record<string, string>).toString()
          res = await t.app.inject({ method: 'GET', url: `${ep.path}?${qs}`, headers })
        } else if (n % 20 === 0) {
          res = await t.app.inject({
            method: 'POST',
            url: ep.path,
            payload: '{"broken": ',
            headers: { ...headers, 'content-type': 'application/json' },
          })
        } else if (n % 20 === 1) {
          res = await t.app.inject({
            method: 'POST',
            url: ep.path,
            payload: 'a=1&b=2',
            headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          })
        } else {
          res = await t.app.inject({
            method: 'POST',
            url: ep.path,
            payload: JSON.stringify(sample ?? null),
            headers: { ...headers, 'content-type': 'application/json' },
          })
        }
        sent += 1
        if (res.statusCode >= 500)
          failures.push(
            `${ep.method} ${ep.path} ${JSON.stringify(sample)?.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`,
          )
      }
    }
    expect(failures).toEqual([])
    expect(sent).toBeGreaterThanOrEqual(endpoints.length * 200)
    expect(await counts()).toEqual(before)
  }, 300_000)

  it('refuses an unknown field alongside otherwise valid input', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/_api/auth/login_with_password',
      payload: { email: 'client@etal.demo', password: 'Demo-2026!', isAdmin: true },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().fieldErrors).toBeDefined()
  })
})
