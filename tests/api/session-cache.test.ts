import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessions } from '../../src/server/db/schema'
import { hashToken, sessionRowReads } from '../../src/server/http/session'
import { get, post, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * On PGlite with PGLITE_READ_CACHE (the default of `npm start`), a session's row is kept until
 * the next write (src/server/http/auth-context.ts): a crowd of signed-in requests reads it once,
 * and every write that could change it (a sign-out, a deactivation) is seen by the next request.
 */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ PGLITE_READ_CACHE: 'true' })
})
afterAll(() => t?.close())

const tokenOf = (cookie: string) => cookie.slice('etal_session='.length)

describe.skipIf(!!process.env.TEST_DATABASE_URL)('session rows kept until the next write (PGlite)', () => {
  it('reads a session once for many requests, and again after any write', async () => {
    const client = await signedIn(t, 'client', 'SN')
    await get(t, '/_api/auth/session', client.cookie)
    const before = sessionRowReads.count
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => get(t, '/_api/auth/session', client.cookie)),
    )
    expect(answers.every((a) => a.statusCode === 200)).toBe(true)
    expect(sessionRowReads.count - before).toBe(0)

    // Any write (here another user signing out) drops every kept row.
    const other = await signedIn(t, 'client', 'SN')
    expect((await post(t, '/_api/auth/logout', {}, other.cookie)).statusCode).toBe(200)
    const after = sessionRowReads.count
    expect((await get(t, '/_api/auth/session', client.cookie)).statusCode).toBe(200)
    expect(sessionRowReads.count - after).toBe(1)
  })

  it('refuses a session at once after its sign-out and after its user is deactivated', async () => {
    const client = await signedIn(t, 'client', 'SN')
    expect((await get(t, '/_api/auth/session', client.cookie)).statusCode).toBe(200)
    expect((await post(t, '/_api/auth/logout', {}, client.cookie)).statusCode).toBe(200)
    expect((await get(t, '/_api/auth/session', client.cookie)).statusCode).toBe(401)

    const driver = await signedIn(t, 'delivery_driver', 'SN')
    const admin = await signedIn(t, 'admin', 'SN')
    expect((await get(t, '/_api/dashboard/delivery', driver.cookie)).statusCode).toBe(200)
    const off = await post(
      t,
      '/_api/admin/users/toggle-status',
      { userId: driver.user.id, isActive: false },
      admin.cookie,
    )
    expect(off.statusCode).toBe(200)
    expect((await get(t, '/_api/dashboard/delivery', driver.cookie)).statusCode).toBe(401)
  })

  it('renews a session near its end once, not at every request while its row is kept', async () => {
    const client = await signedIn(t, 'client', 'SN')
    const id = hashToken(tokenOf(client.cookie))
    const soon = new Date(Date.now() + 24 * 60 * 60 * 1000)
    await t.db.update(sessions).set({ expiresAt: soon }).where(eq(sessions.id, id))
    // A write of the API drops the rows kept before the direct update above.
    await post(t, '/_api/auth/logout', {}, (await signedIn(t, 'client', 'SN')).cookie)
    const first = await get(t, '/_api/auth/session', client.cookie)
    expect(first.cookies.find((c) => c.name === 'etal_session')).toBeTruthy()
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, id))
    expect(row!.expiresAt.getTime()).toBeGreaterThan(soon.getTime() + 20 * 24 * 60 * 60 * 1000)
    const second = await get(t, '/_api/auth/session', client.cookie)
    expect(second.statusCode).toBe(200)
    expect(second.cookies.find((c) => c.name === 'etal_session')).toBeUndefined()
  })
})
