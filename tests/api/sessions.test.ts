import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessions } from '../../src/server/db/schema'
import { hashToken } from '../../src/server/http/session'
import { createUser, get, login, PASSWORD } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const DAY = 86_400_000

describe('sliding expiry', () => {
  it('extends a session used within 15 days of its end to 30 days, and sends the cookie again', async () => {
    const u = await createUser(t.db)
    const cookie = await login(t, u.email)
    const id = hashToken(cookie.split('=')[1]!)
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 2 * DAY) })
      .where(eq(sessions.id, id))
    const res = await get(t, '/_api/auth/session', cookie)
    expect(res.statusCode).toBe(200)
    expect(res.cookies.find((c) => c.name === 'etal_session')).toBeDefined()
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, id))
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY)
  })

  it('ends an expired session', async () => {
    const u = await createUser(t.db)
    const cookie = await login(t, u.email)
    const id = hashToken(cookie.split('=')[1]!)
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, id))
    expect((await get(t, '/_api/auth/session', cookie)).statusCode).toBe(401)
    expect(await t.db.$count(sessions, eq(sessions.id, id))).toBe(0)
  })
})

describe('client IP and TRUST_PROXY', () => {
  const fail = (app: TestApp, email: string, forwardedFor: string, password = 'faux-mot-de-passe') =>
    app.app.inject({
      method: 'POST',
      url: '/_api/auth/login_with_password',
      payload: { email, password },
      headers: { 'x-forwarded-for': forwardedFor },
      remoteAddress: '10.9.9.9',
    })

  it('ignores X-Forwarded-For by default: a client cannot dodge the login limit by forging it', async () => {
    const u = await createUser(t.db)
    for (let i = 0; i < 10; i++) await fail(t, u.email, `1.1.1.${i}`)
    expect((await fail(t, u.email, '8.8.8.8', PASSWORD)).statusCode).toBe(429)
  })

  it('reads the client IP from the proxy header when TRUST_PROXY says so', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' })
    try {
      const u = await createUser(proxied.db)
      for (let i = 0; i < 10; i++) await fail(proxied, u.email, '1.1.1.1')
      expect((await fail(proxied, u.email, '1.1.1.1', PASSWORD)).statusCode).toBe(429)
      expect((await fail(proxied, u.email, '2.2.2.2', PASSWORD)).statusCode).toBe(200)
    } finally {
      await proxied.close()
    }
  })
})
