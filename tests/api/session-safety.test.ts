import { performance } from 'node:perf_hooks'
import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessions } from '../../src/server/db/schema'
import { hashToken } from '../../src/server/http/session'
import { createUser, get, login, PASSWORD, post, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * A session ends for good when it should (logout, deactivation, role change), its cookie is
 * never readable by scripts nor sent cross-site, and a login does not tell by its timing
 * whether an email has an account.
 */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const session = (cookie: string) => get(t, '/_api/auth/session', cookie)

describe('the old cookie stops working', () => {
  it('after logout: on the session call and on the endpoints of its role', async () => {
    const { cookie } = await signedIn(t, 'client', 'SN')
    expect((await get(t, '/_api/orders', cookie)).statusCode).toBe(200)
    expect((await post(t, '/_api/auth/logout', {}, cookie)).statusCode).toBe(200)
    expect((await session(cookie)).statusCode).toBe(401)
    expect((await get(t, '/_api/orders', cookie)).statusCode).toBe(401)
  })

  it('after deactivation by an admin, and the account cannot sign in again', async () => {
    const admin = await signedIn(t, 'admin', 'SN')
    const { user, cookie } = await signedIn(t, 'client', 'SN')
    const res = await post(
      t,
      '/_api/admin/users/toggle-status',
      { userId: user.id, isActive: false },
      admin.cookie,
    )
    expect(res.statusCode, res.body).toBe(200)
    expect((await session(cookie)).statusCode).toBe(401)
    expect((await get(t, '/_api/orders', cookie)).statusCode).toBe(401)
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([])
    const again = await post(t, '/_api/auth/login_with_password', { email: user.email, password: PASSWORD })
    // The answer of a wrong password (docs/security/outside-attack.md item 11).
    expect(again.statusCode).toBe(401)
    expect(again.headers['set-cookie']).toBeUndefined()
  })

  it('after a role change: the demoted admin’s cookie reaches nothing, its new sign-in only the new role', async () => {
    const root = await signedIn(t, 'root', 'SN')
    const { user, cookie } = await signedIn(t, 'admin', 'SN')
    expect((await get(t, '/_api/admin/orders', cookie)).statusCode).toBe(200)
    const res = await post(
      t,
      '/_api/admin/users/update',
      {
        userId: user.id,
        email: user.email,
        displayName: user.displayName,
        phoneNumber: '+221 70 000 00 01',
        city: 'Dakar',
        country: 'Sénégal',
        role: 'client',
      },
      root.cookie,
    )
    expect(res.statusCode, res.body).toBe(200)
    expect((await session(cookie)).statusCode).toBe(401)
    expect((await get(t, '/_api/admin/orders', cookie)).statusCode).toBe(401)
    const fresh = await login(t, user.email)
    expect((await session(fresh)).json().user.role).toBe('client')
    expect((await get(t, '/_api/admin/orders', fresh)).statusCode).toBe(403)
  })
})

/** Every kind of auth answer that sets (or clears) the session cookie, with its Set-Cookie. */
async function cookieAnswers(app: TestApp) {
  const user = await createUser(app.db, { country: 'SN' })
  const answers: [string, LightMyRequestResponse][] = []
  const loginRes = await app.app.inject({
    method: 'POST',
    url: '/_api/auth/login_with_password',
    payload: { email: user.email, password: PASSWORD },
  })
  answers.push(['login', loginRes])
  const cookie = `etal_session=${loginRes.cookies.find((c) => c.name === 'etal_session')!.value}`
  // Within 15 days of its end the session is renewed and its cookie sent again.
  await app.db
    .update(sessions)
    .set({ expiresAt: new Date(Date.now() + 2 * 86_400_000) })
    .where(eq(sessions.id, hashToken(cookie.split('=')[1]!)))
  answers.push([
    'renewed session',
    await app.app.inject({ method: 'GET', url: '/_api/auth/session', headers: { cookie } }),
  ])
  answers.push([
    'logout',
    await app.app.inject({ method: 'POST', url: '/_api/auth/logout', payload: {}, headers: { cookie } }),
  ])
  // A dead token is cleared by whichever call meets it.
  answers.push([
    'dead token on session',
    await app.app.inject({ method: 'GET', url: '/_api/auth/session', headers: { cookie } }),
  ])
  answers.push([
    'dead token elsewhere',
    await app.app.inject({ method: 'GET', url: '/_api/orders', headers: { cookie } }),
  ])
  answers.push([
    'register',
    await app.app.inject({
      method: 'POST',
      url: '/_api/auth/register_with_password',
      payload: {
        email: `flags.${Date.now()}@test.etal`,
        password: 'Secret-123!',
        displayName: 'Awa',
        // A number no other account has (one account per number: docs/rules/people.md#accounts).
        phoneNumber: `77 9${String(Date.now())
          .slice(-6)
          .replace(/^(\d\d)(\d\d)(\d\d)$/, '$1 $2 $3')}`,
        city: 'Dakar',
        country: 'Sénégal',
      },
    }),
  ])
  return answers
}

function expectFlags(answers: [string, LightMyRequestResponse][], secure: boolean) {
  for (const [label, res] of answers) {
    expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(500)
    const raw = res.headers['set-cookie']
    const lines = (Array.isArray(raw) ? raw : [raw]).filter(
      (l): l is string => !!l && l.startsWith('etal_session='),
    )
    expect(lines, label).toHaveLength(1)
    const attrs = lines[0]!.split(';').map((a) => a.trim().toLowerCase())
    expect(attrs, label).toContain('httponly')
    expect(attrs, label).toContain('samesite=lax')
    expect(attrs, label).toContain('path=/')
    expect(attrs.includes('secure'), `${label}: Secure`).toBe(secure)
  }
}

describe('cookie flags on every auth answer that sets the cookie', () => {
  it('HttpOnly, SameSite=Lax, Path=/, not Secure outside production (plain http in dev and tests)', async () => {
    expectFlags(await cookieAnswers(t), false)
  })

  it('the same, and Secure, with NODE_ENV=production', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' })
    try {
      expect(prod.config.NODE_ENV).toBe('production')
      expectFlags(await cookieAnswers(prod), true)
    } finally {
      await prod.close()
    }
  }, 120_000)

  it('a failed login sets no cookie', async () => {
    const user = await createUser(t.db, { country: 'SN' })
    const res = await post(t, '/_api/auth/login_with_password', {
      email: user.email,
      password: 'Mauvais-123!',
    })
    expect(res.statusCode).toBe(401)
    expect(res.headers['set-cookie']).toBeUndefined()
  })
})

describe('login timing', () => {
  it('answers an unknown email as slowly as a known one with a wrong password (median ratio within 0.5–2)', async () => {
    // No lockout during the measure: both paths must run the password check every time.
    const app = await createTestApp({ LOGIN_MAX_FAILURES: '1000' })
    try {
      const known = await createUser(app.db, { country: 'SN' })
      const attempt = async (email: string) => {
        const start = performance.now()
        const res = await app.app.inject({
          method: 'POST',
          url: '/_api/auth/login_with_password',
          payload: { email, password: 'Mauvais-mot-de-passe-1' },
        })
        const ms = performance.now() - start
        expect(res.statusCode).toBe(401)
        return ms
      }
      const unknown = (i: number) => `inconnu.${i}@test.etal`
      for (let i = 0; i < 3; i++) await Promise.all([attempt(unknown(-i - 1)), attempt(known.email)]) // warm-up
      const a: number[] = []
      const b: number[] = []
      // Interleaved, so the machine's load weighs on both alike.
      for (let i = 0; i < 15; i++) {
        a.push(await attempt(unknown(i)))
        b.push(await attempt(known.email))
      }
      const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!
      const ratio = median(a) / median(b)
      expect(ratio, `unknown ${median(a).toFixed(1)} ms, known ${median(b).toFixed(1)} ms`).toBeGreaterThan(
        0.5,
      )
      expect(ratio).toBeLessThan(2)
    } finally {
      await app.close()
    }
  }, 120_000)
})
