import { eq, inArray } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { injectAnswer } from '../setup/live-stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '../../src/server/api'
import {
  campaigns,
  cities,
  contactMessages,
  coupons,
  giftVouchers,
  shops,
  orders,
  products,
  users,
  zones,
} from '../../src/server/db/schema'
import type { Endpoint } from '../../src/server/http/define-endpoint'
import type { Role } from '../../src/shared/domain/roles'
import { decode } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'
import {
  buildFixtures,
  callerSpecs,
  resign,
  type MatrixFixtures,
  type SignedCaller,
} from './permission-fixtures'
import { uploadRequest } from './photo-fixture'
import { policies, type Cc, type Kind, type Policy, type Scope } from './permission-policy'

/**
 * The permission matrix (docs/rules/people.md#who-may-do-what): every endpoint of the registry, called
 * as every caller on a record of the caller's own country and one of another, each answer held
 * to the endpoint's declared policy; then the same calls through path variants, which must reach
 * nothing more. About 40 s: over a thousand calls, one per endpoint, caller and country.
 */
let t: TestApp
let f: MatrixFixtures
beforeAll(async () => {
  t = await createTestApp({ API_RATE_PER_MINUTE: '1000000' })
  f = await buildFixtures(t)
}, 60_000)
afterAll(() => t?.close())

const key = (ep: Endpoint) => `${ep.method} ${ep.path}`
const other = (cc: Cc): Cc => (cc === 'SN' ? 'ML' : 'SN')

const scopeOf = (p: Policy, role: Role | null): Scope =>
  typeof p.scope === 'string' ? p.scope : role ? (p.scope[role] ?? 'global') : 'global'

/** What the policy says the caller gets: a status class, plus checks on what a 2xx holds. */
type Expect = '2xx' | 401 | 403 | 404 | '2xx|404' | 'refused'
function expected(p: Policy, role: Role | null, elsewhere: boolean): Expect {
  if (p.who !== 'public') {
    if (role === null) return 401
    if (p.who !== 'signed-in' && !p.who.includes(role)) return 403
  }
  if (!elsewhere) return '2xx'
  switch (scopeOf(p, role)) {
    case 'global':
      return '2xx'
    case 'country':
      return role === 'root' ? '2xx' : 404
    case 'own-records':
      // A list of one's own records has no other country's record to name: it must simply hold none.
      return p.listed ? '2xx|404' : 404
    case 'list':
    case 'forced-own':
      return role === 'root' ? '2xx' : '2xx|404'
    case 'refused':
      return 'refused'
  }
}

function matches(status: number, want: Expect) {
  const ok = status >= 200 && status < 300
  if (want === '2xx') return ok
  if (want === '2xx|404') return ok || status === 404
  if (want === 'refused') return status >= 400 && status < 500 && status !== 401 && status !== 403
  return status === want
}

async function call(ep: Endpoint, url: string, body: Record<string, unknown>, session?: string) {
  // A policy may add a cookie of its own (`__cookie`): the pending sign-in of a second step.
  const { __cookie, ...input } = body
  const cookie = [session, __cookie].filter(Boolean).join('; ')
  const headers = cookie ? { cookie } : {}
  if (ep.upload) {
    // An upload takes its input from the query string and a photo as its body.
    const req = await uploadRequest(url, input)
    const file = policies[key(ep)]?.file
    return t.app.inject({
      ...req,
      ...(file ? { payload: file() } : {}),
      headers: { ...req.headers, ...headers },
    })
  }
  if (ep.path === '/_api/live/orders') {
    // A stream never ends by itself: its status and headers are judged, then it is dropped.
    return injectAnswer(t.app, { method: 'GET', url, headers })
  }
  if (ep.method === 'GET') {
    const qs = new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)])).toString()
    return t.app.inject({ method: 'GET', url: qs ? `${url}?${qs}` : url, headers })
  }
  return t.app.inject({ method: 'POST', url, payload: input, headers })
}

/** A CSV answer (an export) is held as its text, `csv`. */
const body = (ep: Endpoint, res: LightMyRequestResponse) =>
  (String(res.headers['content-type']).startsWith('text/csv')
    ? { csv: res.body }
    : String(res.headers['content-type']).startsWith('text/event-stream')
      ? { stream: true }
      : ep.format === 'json'
        ? res.json()
        : decode(res.body)) as Record<string, unknown>

/** Country (or owner and driver) of listed records, read from the database. */
async function owners(kind: Kind, ids: number[]) {
  if (ids.length === 0) return []
  switch (kind) {
    case 'order':
      return f.db
        .select({ countryId: orders.countryId, userId: orders.userId, driverId: orders.deliveryDriverId })
        .from(orders)
        .where(inArray(orders.id, ids))
    case 'user':
      return (
        await f.db.select({ countryId: users.countryId }).from(users).where(inArray(users.id, ids))
      ).map((r) => ({ ...r, userId: null, driverId: null }))
    case 'city':
      return (
        await f.db.select({ countryId: cities.countryId }).from(cities).where(inArray(cities.id, ids))
      ).map((r) => ({ ...r, userId: null, driverId: null }))
    case 'zone':
      return (
        await f.db
          .select({ countryId: cities.countryId })
          .from(zones)
          .innerJoin(cities, eq(cities.id, zones.cityId))
          .where(inArray(zones.id, ids))
      ).map((r) => ({ ...r, userId: null, driverId: null }))
    case 'product':
      return (
        await f.db.select({ countryId: products.countryId }).from(products).where(inArray(products.id, ids))
      ).map((r) => ({ ...r, userId: null, driverId: null }))
    case 'campaign':
      return (
        await f.db
          .select({ countryId: campaigns.countryId })
          .from(campaigns)
          .where(inArray(campaigns.id, ids))
      ).map((r) => ({ ...r, userId: null, driverId: null }))
    case 'voucher':
      return (
        await f.db
          .select({ countryId: giftVouchers.countryId })
          .from(giftVouchers)
          .where(inArray(giftVouchers.id, ids))
      ).map((r) => ({ ...r, userId: null, driverId: null }))
    case 'coupon':
      return (
        await f.db.select({ countryId: coupons.countryId }).from(coupons).where(inArray(coupons.id, ids))
      ).map((r) => ({ ...r, userId: null, driverId: null }))
    case 'shop':
      return (
        await f.db.select({ countryId: shops.countryId }).from(shops).where(inArray(shops.id, ids))
      ).map((r) => ({ ...r, userId: null, driverId: null }))
  }
}

/** What a 2xx answer holds must be within the caller's reach; mismatches as text. */
async function checkHeld(
  ep: Endpoint,
  p: Policy,
  caller: SignedCaller,
  res: LightMyRequestResponse,
  elsewhere: boolean,
) {
  const problems: string[] = []
  const b = body(ep, res)
  if (p.listed && caller.role !== 'root') {
    const { kind, ids } = p.listed(b)
    const rows = await owners(kind, ids)
    if (rows.length !== ids.length) problems.push(`lists ${ids.length} ${kind}s, ${rows.length} found`)
    const ownCountry = f[caller.cc].country.id
    for (const r of rows) {
      if (
        caller.role === 'delivery_driver'
          ? r.driverId !== caller.id
          : caller.role === 'client' || caller.role === 'user'
            ? r.userId !== caller.id
            : r.countryId !== ownCountry
      )
        problems.push(
          `lists a ${kind} out of reach (country ${r.countryId}, user ${r.userId}, driver ${r.driverId})`,
        )
    }
    if (!elsewhere && ids.length === 0) problems.push(`lists no ${kind} of its own (the fixtures hold some)`)
  }
  if (p.created) {
    const made = p.created(b)
    const want =
      caller.role === 'root'
        ? f[elsewhere ? other(caller.cc) : caller.cc].country.id
        : f[caller.cc].country.id
    if (made !== want) problems.push(`created in country ${made}, expected ${want}`)
  }
  return problems
}

/** One cell: the status against the policy, then the error body or what the 2xx holds. */
async function judge(
  ep: Endpoint,
  p: Policy,
  caller: SignedCaller,
  cell: string,
  res: LightMyRequestResponse,
  want: Expect,
  elsewhere: boolean,
) {
  if (!matches(res.statusCode, want))
    return [`${cell}: expected ${want}, got ${res.statusCode} ${res.body.slice(0, 120)}`]
  if (res.statusCode < 400)
    return (await checkHeld(ep, p, caller, res, elsewhere)).map((problem) => `${cell}: ${problem}`)
  const err = res.json() as { error?: unknown; code?: unknown }
  return typeof err.error === 'string' && typeof err.code === 'string'
    ? []
    : [`${cell}: error body without error and code`]
}

/** The status the canonical path gives each caller (own country), for the path-variant test. */
const canonical = new Map<string, number>()

describe('permission matrix', () => {
  it('declares a policy for every endpoint of the registry, and none for an endpoint that does not exist', () => {
    const registry = endpoints.map(key)
    expect(registry.filter((k) => !policies[k])).toEqual([])
    expect(Object.keys(policies).filter((k) => !registry.includes(k))).toEqual([])
  })

  describe.each(endpoints.map((ep) => [key(ep), ep] as const))('%s', (name, ep) => {
    it('answers every caller as its policy says, on its own country and another', async () => {
      const p = policies[name]
      // Deny by default: an endpoint nobody declared is a failure, not a pass.
      expect(p, `no policy declared for ${name} in tests/api/permission-policy/`).toBeDefined()
      const wrong: string[] = []
      for (const spec of callerSpecs) {
        const caller = f.callers[spec.name]!
        for (const elsewhere of [false, true]) {
          const cc = elsewhere ? other(caller.cc) : caller.cc
          const want = expected(p!, caller.role, elsewhere)
          const input = await p!.input({ f, caller, cc, reaches: want !== 401 && want !== 403 })
          const res = await call(ep, ep.path, input, caller.cookie)
          if (p!.endsSession) await resign(t, caller)
          if (!elsewhere) canonical.set(`${name}|${caller.name}`, res.statusCode)
          wrong.push(...(await judge(ep, p!, caller, `${caller.name} on ${cc}`, res, want, elsewhere)))
        }
        // Own records only: someone else's record of one's own country is out of reach too.
        if (
          scopeOf(p!, caller.role) === 'own-records' &&
          !p!.listed &&
          expected(p!, caller.role, false) === '2xx'
        ) {
          const input = await p!.input({ f, caller, cc: caller.cc, reaches: true, neighbour: true })
          const res = await call(ep, ep.path, input, caller.cookie)
          wrong.push(
            ...(await judge(
              ep,
              p!,
              caller,
              `${caller.name} on another's ${caller.cc} record`,
              res,
              404,
              true,
            )),
          )
        }
      }
      expect(wrong).toEqual([])
    })
  })
})

/** Ways of writing a path that a lax router might route to the endpoint without its checks. */
function variants(path: string): string[] {
  const segments = path.split('/') // ['', '_api', 'admin', 'users']
  const last = segments.length - 1
  const lastSeg = segments[last]!
  const withLast = (s: string) => [...segments.slice(0, last), s].join('/')
  const hex = (c: string) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`
  return [
    path.replace('/_api/', '/_api//'),
    `/${path}`,
    `${path}//`,
    `${path}/`,
    path.toUpperCase(),
    withLast(lastSeg.charAt(0).toUpperCase() + lastSeg.slice(1)),
    withLast(hex(lastSeg.charAt(0)) + lastSeg.slice(1)),
    withLast(hex(lastSeg.charAt(0)).toUpperCase() + lastSeg.slice(1)),
    path.replace('/_api/', '/%5fapi/'),
    [...segments.slice(0, last), ''].join('/').replace(/\/$/, '%2F') + lastSeg,
    path.replace('/_api/', '/_api/./'),
    path.replace('/_api/', `/_api/x/../`),
    `${path};x=1`,
    `${path}%00`,
    `${path}%20`,
  ]
}

/** Enough callers to meet every answer the canonical paths give: 401, 403 and 2xx of each role group. */
const variantCallers = ['anonymous', 'client', 'delivery_driver', 'admin SN', 'root']

describe('path variants reach nothing more', () => {
  it.each(endpoints.map((ep) => [key(ep), ep] as const))('%s', async (name, ep) => {
    const p = policies[name]
    expect(p, `no policy declared for ${name}`).toBeDefined()
    const wrong: string[] = []
    for (const spec of callerSpecs.filter((c) => variantCallers.includes(c.name))) {
      const caller = f.callers[spec.name]!
      const base = canonical.get(`${name}|${caller.name}`)
      const reaches = !['401', '403'].includes(String(expected(p!, caller.role, false)))
      for (const url of variants(ep.path)) {
        const input = await p!.input({ f, caller, cc: caller.cc, reaches })
        const res = await call(ep, url, input, caller.cookie)
        if (p!.endsSession) await resign(t, caller)
        const s = res.statusCode
        // The SPA's page (GET of a path outside /_api) holds no data: it is not the endpoint.
        const spaPage =
          ep.method === 'GET' && s === 200 && String(res.headers['content-type']).startsWith('text/html')
        const reachedAsCanonical = base !== undefined && s === base
        if (s >= 500 || !(s === 404 || spaPage || reachedAsCanonical))
          wrong.push(`${caller.name} ${ep.method} ${url}: ${s} (canonical ${base})`)
      }
    }
    expect(wrong).toEqual([])
  })
})

describe('refused calls change nothing', () => {
  it('leaves the records every refused caller was pointed at as they were', async () => {
    // Callers refused by role (401, 403) act on these shared records; any change is a leak.
    for (const cc of ['SN', 'ML'] as const) {
      const [order] = await f.db.select().from(orders).where(eq(orders.id, f[cc].order.id))
      expect(order).toMatchObject({ status: 'pending', deliveryDriverId: null, paymentStatus: 'pending' })
      const [product] = await f.db.select().from(products).where(eq(products.id, f[cc].product.id))
      expect(product).toMatchObject({ archivedAt: null, isActive: true, countryId: f[cc].country.id })
    }
    const [message] = await f.db.select().from(contactMessages).where(eq(contactMessages.id, f.message.id))
    expect(message).toBeDefined()
  })
})
