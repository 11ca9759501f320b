import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '../../src/server/api'
import type { Endpoint } from '../../src/server/http/define-endpoint'
import { createTestApp, type TestApp } from '../setup/test-app'
import { buildFixtures, resign, type MatrixFixtures, type SignedCaller } from './permission-fixtures'
import { policies } from './permission-policy'
import { uploadRequest } from './photo-fixture'

/**
 * The storefront's cached reads are dropped after the calls that declare `writesStorefront`
 * (src/server/http/define-endpoint.ts). A call that changes products, categories, countries,
 * cities or zones (the places' public reads are cached too)
 * without declaring it would leave the storefront stale: every POST of the registry is made
 * with a valid input (the permission matrix's) by a caller it lets in, and any change to those
 * tables must come from a call that declares it.
 */
let t: TestApp
let f: MatrixFixtures
beforeAll(async () => {
  t = await createTestApp({ API_RATE_PER_MINUTE: '1000000' })
  f = await buildFixtures(t)
}, 60_000)
afterAll(() => t?.close())

const storefrontTables = ['products', 'product_categories', 'countries', 'cities', 'zones']
async function fingerprint() {
  const parts: string[] = []
  for (const table of storefrontTables) {
    const r = (await t.db.execute(
      sql.raw(`select md5(coalesce(string_agg(x::text, ',' order by x.id), '')) as h from ${table} x`),
    )) as unknown as {
      rows: { h: string }[]
    }
    parts.push(r.rows[0]!.h)
  }
  return parts.join(':')
}

function callerFor(ep: Endpoint): SignedCaller {
  const who = policies[`${ep.method} ${ep.path}`]!.who
  if (who === 'public' || who === 'signed-in') return f.callers.root!
  for (const name of ['root', 'client', 'delivery_driver', 'user']) {
    const c = f.callers[name]!
    if (c.role && who.includes(c.role)) return c
  }
  throw new Error(`no caller for ${ep.path}`)
}

describe('calls that change the storefront declare it', () => {
  it('no POST changes products, categories, countries, cities or zones without writesStorefront', async () => {
    const undeclared: string[] = []
    const writers: string[] = []
    for (const ep of endpoints.filter((e) => e.method === 'POST')) {
      const policy = policies[`${ep.method} ${ep.path}`]!
      const caller = callerFor(ep)
      const input = await policy.input({ f, caller, cc: caller.cc, reaches: true })
      const before = await fingerprint()
      const cookie = caller.cookie ? { cookie: caller.cookie } : {}
      // An upload takes its input from the query string and a photo as its body.
      const req = ep.upload
        ? await uploadRequest(ep.path, input)
        : { method: 'POST' as const, url: ep.path, payload: input, headers: {} }
      const res = await t.app.inject({ ...req, headers: { ...req.headers, ...cookie } })
      if (policy.endsSession) await resign(t, caller)
      const changed = (await fingerprint()) !== before
      if (changed) writers.push(ep.path)
      if (changed && !ep.writesStorefront) undeclared.push(`${ep.path} (${res.statusCode})`)
    }
    expect(undeclared).toEqual([])
    // Not vacuous: the catalogue's own writes did change those tables.
    expect(writers).toEqual(
      expect.arrayContaining([
        '/_api/admin/products',
        '/_api/admin/products/update',
        '/_api/admin/countries',
        '/_api/admin/products/photo',
        '/_api/admin/cities',
        '/_api/admin/zones',
      ]),
    )
  })
})
