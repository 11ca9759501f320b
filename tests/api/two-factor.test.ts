import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { accountEvents, recoveryCodes, sessions } from '../../src/server/db/schema'
import { openSecret, sealSecret, totpCode } from '../../src/server/services/people/two-factor'
import type { Config } from '../../src/server/config'
import { createUser, get, login, post } from '../factories'
import { secretOf } from '../two-factor'
import { t, cookieOf, passwordStep, enrolAtSignIn, useTwoFactorApp } from './two-factor-setup'

// Staff two-factor (docs/rules/people.md#accounts): the enrolment at sign-in, the secret at rest;
// the code step, root's reset and the sessions in two-factor-sessions.test.ts.
useTwoFactorApp()

describe('enrolment at sign-in', () => {
  it('root and super_admin get no session from the password alone: they enrol first, then have one', async () => {
    for (const role of ['root', 'super_admin'] as const) {
      const u = await createUser(t.db, { role, enrolled: false })
      const first = await passwordStep(u.email)
      expect(first.statusCode).toBe(200)
      expect(first.json()).toEqual({ twoFactor: 'enrol' })
      expect(cookieOf(first, 'etal_session')).toBeUndefined()
      expect(await t.db.$count(sessions, eq(sessions.userId, u.id))).toBe(0)
      // The pending sign-in opens nothing but the enrolment.
      const pending = cookieOf(first, 'etal_pending')!
      expect((await get(t, '/_api/auth/session', pending)).statusCode).toBe(401)
      expect((await get(t, '/_api/admin/users', pending)).statusCode).toBe(401)

      const { res, secret, uri, qrPath } = await enrolAtSignIn(u.email)
      expect(uri).toMatch(/^otpauth:\/\/totp\/.*secret=/)
      expect(uri).toContain(secret)
      expect(qrPath).toMatch(/^M\d+,\d+h1v1h-1z/)
      expect(res.statusCode).toBe(200)
      const body = res.json()
      expect(body.user.role).toBe(role)
      expect(body.recoveryCodes).toHaveLength(10)
      expect(new Set(body.recoveryCodes).size).toBe(10)
      const session = cookieOf(res, 'etal_session')!
      expect((await get(t, '/_api/auth/session', session)).statusCode).toBe(200)
      // Only hashes are kept: no recovery code, and no secret in clear once a key is set (below).
      const kept = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, u.id))
      expect(kept).toHaveLength(10)
      for (const code of body.recoveryCodes) expect(JSON.stringify(kept)).not.toContain(code)
      // The history says it.
      const [event] = await t.db.select().from(accountEvents).where(eq(accountEvents.userId, u.id))
      expect(event).toMatchObject({ kind: 'two_factor_enabled', byUserId: u.id })
    }
  })

  it('refuses a wrong first code, and then signs in with a code only', async () => {
    const u = await createUser(t.db, { role: 'super_admin', enrolled: false })
    const first = await passwordStep(u.email)
    const pending = cookieOf(first, 'etal_pending')!
    await t.app.inject({
      method: 'POST',
      url: '/_api/auth/two_factor/setup',
      payload: {},
      headers: { cookie: pending },
    })
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/_api/auth/two_factor/enable',
      payload: { code: '000000' },
      headers: { cookie: pending },
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().error).toMatch(/ne correspond pas/)
    expect(cookieOf(wrong, 'etal_session')).toBeUndefined()
    expect(await secretOf(t.db, u.id)).toBeNull()
  })

  it('admins and drivers sign in without a code until they enrol from their account', async () => {
    for (const role of ['admin', 'delivery_driver'] as const) {
      const u = await createUser(t.db, { role })
      const first = await passwordStep(u.email)
      expect(first.json().user.role).toBe(role)
      const cookie = cookieOf(first, 'etal_session')!
      const status = await get(t, '/_api/auth/two_factor/status', cookie)
      expect(status.json()).toMatchObject({ enabled: false, required: false, allowed: true })
      const setup = await post(t, '/_api/auth/two_factor/setup', {}, cookie)
      const { secret } = setup.json()
      const done = await post(t, '/_api/auth/two_factor/enable', { code: totpCode(secret) }, cookie)
      expect(done.statusCode).toBe(200)
      expect(done.json().recoveryCodes).toHaveLength(10)
      // From now on the password alone asks for the code.
      expect((await passwordStep(u.email)).json()).toEqual({ twoFactor: 'code' })
    }
  })

  it('moving to another app while signed in needs a code of the current one (or a recovery code)', async () => {
    const u = await createUser(t.db, { role: 'admin' })
    const cookie = cookieOf(await passwordStep(u.email), 'etal_session')!
    const first = (await post(t, '/_api/auth/two_factor/setup', {}, cookie)).json().secret as string
    const enrolled = await post(t, '/_api/auth/two_factor/enable', { code: totpCode(first) }, cookie)
    expect(enrolled.statusCode).toBe(200)
    const recovery = enrolled.json().recoveryCodes as string[]
    const next = (await post(t, '/_api/auth/two_factor/setup', {}, cookie)).json().secret as string
    expect(next).not.toBe(first)
    const recoveryLeft = async () =>
      (await get(t, '/_api/auth/two_factor/status', cookie)).json().recoveryCodesLeft as number

    // A session left open is not enough: no current code, or a wrong one, changes nothing.
    const without = await post(t, '/_api/auth/two_factor/enable', { code: totpCode(next) }, cookie)
    expect(without.statusCode).toBe(400)
    expect(without.json().error).toMatch(/application actuelle/)
    expect(without.json().fieldErrors.currentCode).toBeDefined()
    const wrongCurrent = await post(
      t,
      '/_api/auth/two_factor/enable',
      { code: totpCode(next), currentCode: 'aaaa-bbbb-cccc' },
      cookie,
    )
    expect(wrongCurrent.statusCode).toBe(400)
    expect(wrongCurrent.json().fieldErrors.currentCode).toEqual(['Code incorrect ou déjà utilisé.'])
    expect(await secretOf(t.db, u.id)).toBe(first)
    // A mistyped new code spends no recovery code.
    const wrongNew = await post(
      t,
      '/_api/auth/two_factor/enable',
      { code: totpCode(first) === '123456' ? '654321' : '123456', currentCode: recovery[0] },
      cookie,
    )
    expect(wrongNew.statusCode).toBe(400)
    expect(wrongNew.json().fieldErrors.code).toEqual(['Code incorrect.'])
    expect(await recoveryLeft()).toBe(10)

    const moved = await post(
      t,
      '/_api/auth/two_factor/enable',
      { code: totpCode(next), currentCode: recovery[0] },
      cookie,
    )
    expect(moved.statusCode).toBe(200)
    expect(await secretOf(t.db, u.id)).toBe(next)
    const fresh = moved.json().recoveryCodes as string[]
    expect(fresh).toHaveLength(10)
    expect(fresh).not.toContain(recovery[1])
    expect(await recoveryLeft()).toBe(10)
  })

  it('a client has no second factor to enrol', async () => {
    const u = await createUser(t.db)
    const cookie = await login(t, u.email)
    expect((await post(t, '/_api/auth/two_factor/setup', {}, cookie)).statusCode).toBe(403)
  })
})

describe('the secret at rest', () => {
  it('is encrypted with TWO_FACTOR_KEY (AES-256-GCM), and read back', () => {
    const config = { TWO_FACTOR_KEY: 'a'.repeat(64) } as Config
    const sealed = sealSecret(config, 'JBSWY3DPEHPK3PXP')
    expect(sealed).toMatch(/^v1:/)
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP')
    expect(openSecret(config, sealed)).toBe('JBSWY3DPEHPK3PXP')
    expect(() => openSecret({ TWO_FACTOR_KEY: 'b'.repeat(64) } as Config, sealed)).toThrow()
  })
})
