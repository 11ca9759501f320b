import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminListRuns } from '../../src/server/api/orders/admin/list'
import { compressedForms } from '../../src/server/http/prepared-answer'
import { createOrder, createUser, decode, get, post, signedIn, statusChange } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * Identical admin list reads in flight together are computed once (PGlite
 * runs one statement at a time: 32 staff reading the list queued 32 copies), per scope, and
 * never shared across a write: a read made after a write's answer sees the write.
 */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

type Page = { orders: { id: number; status: string; countryId: number }[]; total: number }

describe('admin order list, coalesced', () => {
  it('32 identical reads at once run the list once or twice, and each gets the whole answer', async () => {
    const client = await createUser(t.db, { country: 'SN' })
    for (let i = 0; i < 5; i++) await createOrder(t.db, { user: client })
    const root = await signedIn(t, 'root', 'SN')
    const before = adminListRuns.count
    const answers = await Promise.all(
      Array.from({ length: 32 }, () => get(t, '/_api/admin/orders?page=1&limit=15', root.cookie)),
    )
    expect(answers.every((a) => a.statusCode === 200)).toBe(true)
    const bodies = answers.map((a) => decode<Page>(a.body))
    expect(bodies.every((b) => b.orders.length >= 5 && JSON.stringify(b) === JSON.stringify(bodies[0]))).toBe(
      true,
    )
    expect(adminListRuns.count - before).toBeLessThanOrEqual(2)
  })

  it('is never shared across scopes: an admin of Mali reads only Mali, root everything, at the same moment', async () => {
    const ml = await createUser(t.db, { country: 'ML' })
    await createOrder(t.db, { user: ml })
    const root = await signedIn(t, 'root', 'SN')
    const adminSn = await signedIn(t, 'admin', 'SN')
    const adminMl = await signedIn(t, 'admin', 'ML')
    const calls = [root, adminSn, adminMl, root, adminSn, adminMl].map((who) =>
      get(t, '/_api/admin/orders?page=1&limit=50', who.cookie),
    )
    const [r, sn, mlPage] = (await Promise.all(calls)).map((a) => decode<Page>(a.body))
    const countries = (p: Page) => new Set(p.orders.map((o) => o.countryId))
    expect(countries(r!).size).toBe(2)
    expect(countries(sn!).size).toBe(1)
    expect(countries(mlPage!).size).toBe(1)
    expect([...countries(sn!)][0]).not.toBe([...countries(mlPage!)][0])
  })

  // A regression guard for the write generation in the key: it passes without it too, since
  // PGlite's queue rarely leaves a computation in flight across a whole write and its answer.
  it('a read after a write sees it, even with identical reads in flight', async () => {
    const client = await createUser(t.db, { country: 'SN' })
    const root = await signedIn(t, 'root', 'SN')
    const statuses = ['in_preparation', 'cancelled', 'in_preparation', 'cancelled'] as const
    for (const status of statuses) {
      const order = await createOrder(t.db, { user: client })
      // Reads keep running while the status changes; the read started after its answer must see it.
      const inFlight = Array.from({ length: 8 }, () =>
        get(t, '/_api/admin/orders?page=1&limit=15', root.cookie),
      )
      const changed = await post(
        t,
        '/_api/admin/orders/update-status',
        statusChange(order.id, status),
        root.cookie,
      )
      expect(changed.statusCode, changed.body).toBe(200)
      const after = decode<Page>((await get(t, '/_api/admin/orders?page=1&limit=15', root.cookie)).body)
      expect(after.orders.find((o) => o.id === order.id)?.status).toBe(status)
      await Promise.all(inFlight)
    }
  })
})

describe('admin order list kept until the next write (PGlite, PGLITE_READ_CACHE)', () => {
  let c: TestApp
  beforeAll(async () => {
    c = await createTestApp({ PGLITE_READ_CACHE: 'true' })
  })
  afterAll(() => c.close())

  it('answers a repeated read without computing it again, and a read after any API write sees the write', async () => {
    if (c.deps.database.kind !== 'pglite') return // PostgreSQL: coalescing only (the tests above)
    const client = await createUser(c.db, { country: 'SN' })
    const root = await signedIn(c, 'root', 'SN')
    const url = '/_api/admin/orders?page=1&limit=15'
    for (const status of ['in_preparation', 'cancelled', 'in_preparation'] as const) {
      const order = await createOrder(c.db, { user: client })
      // A write through the API (here a harmless one) makes the rows written beside it visible.
      await post(c, '/_api/auth/logout', {})
      const first = decode<Page>((await get(c, url, root.cookie)).body)
      expect(first.orders.find((o) => o.id === order.id)?.status).toBe('pending')
      const runs = adminListRuns.count
      const again = await get(c, url, root.cookie)
      expect(decode<Page>(again.body)).toEqual(first)
      expect(adminListRuns.count, 'a repeated read is not computed again').toBe(runs)
      const changed = await post(
        c,
        '/_api/admin/orders/update-status',
        statusChange(order.id, status),
        root.cookie,
      )
      expect(changed.statusCode, changed.body).toBe(200)
      const after = decode<Page>((await get(c, url, root.cookie)).body)
      expect(after.orders.find((o) => o.id === order.id)?.status, 'the read after the write sees it').toBe(
        status,
      )
    }
  })

  it('sends a kept answer as it was serialized and compressed the first time (docs/decisions/0068)', async () => {
    if (c.deps.database.kind !== 'pglite') return // PostgreSQL: nothing kept
    const client = await createUser(c.db, { country: 'SN' })
    for (let i = 0; i < 20; i++) await createOrder(c.db, { user: client })
    await post(c, '/_api/auth/logout', {})
    const root = await signedIn(c, 'root', 'SN')
    const read = () =>
      c.app.inject({
        method: 'GET',
        url: '/_api/admin/orders?page=1&limit=15',
        headers: { cookie: root.cookie, 'accept-encoding': 'br' },
      })
    const first = await read()
    expect(first.headers['content-encoding']).toBe('br')
    expect(first.headers.vary).toBe('accept-encoding')
    const made = compressedForms.made
    const again = await read()
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true)
    expect(compressedForms.made, 'the kept answer is not compressed again').toBe(made)
    expect(decode<Page>(brotliDecompressSync(again.rawPayload).toString()).orders).toHaveLength(15)
  })
})
