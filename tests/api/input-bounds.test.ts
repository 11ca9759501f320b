import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '../../src/server/api'
import type { Endpoint } from '../../src/server/http/define-endpoint'
import { z } from '../../src/shared/schemas/zod'
import { createTestApp, type TestApp } from '../setup/test-app'
import { buildFixtures, resign, type MatrixFixtures, type SignedCaller } from './permission-fixtures'
import { policies } from './permission-policy'
import { uploadRequest } from './photo-fixture'

/**
 * Out-of-range values, one field at a time, in an otherwise valid call of every endpoint
 * (docs/security/run-time.md "Input bounds"). The valid call is the permission matrix's own
 * (permission-policy/), made by a caller the endpoint lets in; then each field its input
 * schema declares, at any depth, is given:
 * - an integer past PostgreSQL's int4 (2,147,483,648, 99,999,999,999) or far past any bound;
 * - a text holding NUL (U+0000) or ESC (U+001B), which no field may hold;
 * - a date in year 9999 or 10000 and a date before 2000.
 * Each answer must be 400 with `{ error, code }`: never a 5xx, never accepted.
 *
 * Then the order of the checks: signed out, a staff endpoint answers 401 whatever the body
 * (malformed JSON, wrong fields, a wrong content type), and a caller of the wrong role 403,
 * before the input's schema is looked at.
 */
let t: TestApp
let f: MatrixFixtures
beforeAll(async () => {
  t = await createTestApp({ API_RATE_PER_MINUTE: '1000000' })
  f = await buildFixtures(t)
}, 60_000)
afterAll(() => t?.close())

const key = (ep: Endpoint) => `${ep.method} ${ep.path}`

/** A caller the endpoint lets through, of Sénégal (root for staff calls). */
function callerFor(ep: Endpoint): SignedCaller {
  const who = policies[key(ep)]!.who
  if (who === 'public' || who === 'signed-in') return f.callers.root!
  for (const name of ['root', 'client', 'delivery_driver', 'user']) {
    const c = f.callers[name]!
    if (c.role && who.includes(c.role)) return c
  }
  throw new Error(`no caller for ${key(ep)}`)
}

type Json = {
  type?: string | string[]
  properties?: Record<string, Json>
  items?: Json
  anyOf?: Json[]
  oneOf?: Json[]
  format?: string
}
type Leaf = { path: (string | number)[]; kinds: Set<string>; format?: string }

/** Every field an input schema declares (object properties, array items), with its JSON types. */
function leaves(schema: Json, path: (string | number)[] = [], out: Leaf[] = []): Leaf[] {
  const alternatives = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]
  const kinds = new Set<string>()
  let format: string | undefined
  for (const s of alternatives) {
    if (s.properties) for (const [k, v] of Object.entries(s.properties)) leaves(v, [...path, k], out)
    if (s.items) leaves(s.items, [...path, 0], out)
    for (const type of [s.type ?? []].flat()) kinds.add(type)
    format ??= s.format
  }
  if (path.length > 0 && (kinds.has('string') || kinds.has('integer') || kinds.has('number')))
    out.push({ path, kinds, format })
  return out
}

function withValue(
  input: Record<string, unknown>,
  path: (string | number)[],
  value: unknown,
): Record<string, unknown> {
  const copy = structuredClone(input) as Record<string | number, unknown>
  let cur: Record<string | number, unknown> = copy
  for (const [i, k] of path.entries()) {
    if (i === path.length - 1) {
      cur[k] = value
      break
    }
    if (cur[k] === undefined || cur[k] === null) cur[k] = typeof path[i + 1] === 'number' ? [{}] : {}
    cur = cur[k] as Record<string | number, unknown>
  }
  return copy
}

const BIG_NUMBERS = [2_147_483_648, 99_999_999_999, 1e20]
const BAD_TEXTS = ['a\u0000b', 'a\u001bb']
const FAR_DATES = ['9999-12-31', '10000-01-01', '+275760-09-13', '1900-01-01']
const DATE_FIELDS = /date/i

async function call(ep: Endpoint, input: Record<string, unknown>, cookie: string | undefined) {
  const headers = cookie ? { cookie } : {}
  if (ep.upload) {
    // An upload takes its input from the query string and a photo as its body.
    const req = await uploadRequest(ep.path, input)
    return t.app.inject({ ...req, headers: { ...req.headers, ...headers } })
  }
  if (ep.method === 'GET') {
    const qs = new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)])).toString()
    return t.app.inject({ method: 'GET', url: qs ? `${ep.path}?${qs}` : ep.path, headers })
  }
  return t.app.inject({ method: 'POST', url: ep.path, payload: input, headers })
}

function errorBody(res: LightMyRequestResponse) {
  try {
    const b = res.json() as { error?: unknown; code?: unknown }
    return typeof b.error === 'string' && typeof b.code === 'string'
  } catch {
    return false
  }
}

describe('input bounds', () => {
  it.each(endpoints.map((ep) => [key(ep), ep] as const))(
    '%s refuses every out-of-range field with 400',
    async (name, ep) => {
      const policy = policies[name]!
      const caller = callerFor(ep)
      const schema = z.toJSONSchema(ep.input, { io: 'input', unrepresentable: 'any' }) as Json
      const fields = leaves(schema)
      const wrong: string[] = []
      let tried = 0
      for (const leaf of fields) {
        const field = leaf.path.join('.')
        const values: unknown[] = []
        if (leaf.kinds.has('integer') || leaf.kinds.has('number')) values.push(...BIG_NUMBERS)
        if (leaf.kinds.has('string')) {
          values.push(...BAD_TEXTS)
          if (DATE_FIELDS.test(field)) values.push(...FAR_DATES)
        }
        for (const value of values) {
          const valid = await policy.input({ f, caller, cc: caller.cc, reaches: true })
          const res = await call(ep, withValue(valid, leaf.path, value), caller.cookie)
          if (policy.endsSession) await resign(t, caller)
          tried++
          if (res.statusCode !== 400 || !errorBody(res))
            wrong.push(`${field}=${JSON.stringify(value)}: ${res.statusCode} ${res.body.slice(0, 100)}`)
        }
      }
      expect(wrong).toEqual([])
      // The registry's inputs are walked, not skipped: an endpoint with fields tried none of them otherwise.
      if (fields.length > 0) expect(tried).toBeGreaterThan(0)
    },
  )

  it('walks the fields of the schemas (the check above is not vacuous)', () => {
    const all = endpoints.flatMap((ep) =>
      leaves(z.toJSONSchema(ep.input, { io: 'input', unrepresentable: 'any' }) as Json).map(
        (l) => `${key(ep)} ${l.path.join('.')}`,
      ),
    )
    expect(all).toContain('GET /_api/zones/by-city cityId')
    expect(all).toContain('POST /_api/orders/create items.0.productId')
    expect(all).toContain('POST /_api/orders/create notes')
    expect(all).toContain('GET /_api/dashboard/root endDate')
    expect(all.length).toBeGreaterThan(100)
  })
})

describe('authentication before validation', () => {
  const staff = endpoints.filter((ep) => ep.roles !== 'public')
  const badBodies: { payload: string; type: string }[] = [
    { payload: '{"nope": 1, "orderId": "x"}', type: 'application/json' },
    { payload: '{not json', type: 'application/json' },
    { payload: 'a=1', type: 'application/x-www-form-urlencoded' },
  ]

  it('answers 401 to a signed-out call of any non-public endpoint, whatever its input', async () => {
    const wrong: string[] = []
    for (const ep of staff) {
      const answers =
        ep.method === 'GET'
          ? [await t.app.inject({ method: 'GET', url: `${ep.path}?nope=1&orderId=x&page=-4` })]
          : await Promise.all(
              badBodies.map((b) =>
                t.app.inject({
                  method: 'POST',
                  url: ep.path,
                  payload: b.payload,
                  headers: { 'content-type': b.type },
                }),
              ),
            )
      for (const res of answers) {
        const body = res.json() as { code?: string; fieldErrors?: unknown }
        if (res.statusCode !== 401 || body.fieldErrors !== undefined)
          wrong.push(`${key(ep)}: ${res.statusCode} ${res.body.slice(0, 100)}`)
      }
    }
    expect(staff.length).toBeGreaterThan(30)
    expect(wrong).toEqual([])
  })

  it('answers 403 to a caller of the wrong role, whatever its input', async () => {
    const wrong: string[] = []
    let tried = 0
    for (const ep of staff) {
      const roles = ep.roles as readonly string[]
      const outsider = ['client', 'delivery_driver', 'admin SN']
        .map((n) => f.callers[n]!)
        .find((c) => !roles.includes(c.role!))
      if (!outsider) continue
      tried++
      const res =
        ep.method === 'GET'
          ? await t.app.inject({
              method: 'GET',
              url: `${ep.path}?nope=1&orderId=x`,
              headers: { cookie: outsider.cookie! },
            })
          : await t.app.inject({
              method: 'POST',
              url: ep.path,
              payload: '{"nope": 1',
              headers: { 'content-type': 'application/json', cookie: outsider.cookie! },
            })
      const body = res.json() as { fieldErrors?: unknown }
      if (res.statusCode !== 403 || body.fieldErrors !== undefined)
        wrong.push(`${key(ep)} as ${outsider.name}: ${res.statusCode} ${res.body.slice(0, 100)}`)
    }
    expect(tried).toBeGreaterThan(20)
    expect(wrong).toEqual([])
  })
})
