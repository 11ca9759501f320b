import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  passwordResets,
  recoveryCodes,
  secondFactors,
  sessions,
  signInChallenges,
} from '../../src/server/db/schema'
import { totpCode } from '../../src/server/services/people/two-factor'
import { createUser, decode, get, login, PASSWORD, post } from '../factories'
import { freshCode, secretOf } from '../two-factor'
import {
  sha256,
  t,
  cookieOf,
  passwordStep,
  codeStep,
  enrolAtSignIn,
  useTwoFactorApp,
} from './two-factor-setup'

// Staff two-factor (docs/rules/people.md#accounts): the code step, root's reset of another staff
// member's second factor, a staff member's own sessions.
useTwoFactorApp()

describe('the code step', () => {
  it('signs in with a code of the authenticator, and refuses the same code again (replay)', async () => {
    const u = await createUser(t.db, { role: 'root' })
    const secret = (await secretOf(t.db, u.id))!
    const code = await freshCode(t.db, u.id, secret, 1)
    const first = await passwordStep(u.email)
    expect(first.json()).toEqual({ twoFactor: 'code' })
    const ok = await codeStep(cookieOf(first, 'etal_pending'), code)
    expect(ok.statusCode).toBe(200)
    expect(ok.json().user.id).toBe(u.id)
    const session = cookieOf(ok, 'etal_session')!
    expect((await get(t, '/_api/auth/session', session)).statusCode).toBe(200)
    // The pending sign-in is spent.
    expect((await codeStep(cookieOf(first, 'etal_pending'), code)).statusCode).toBe(401)
    // The same code, at a new sign-in, within its window: refused.
    const again = await passwordStep(u.email)
    const replay = await codeStep(cookieOf(again, 'etal_pending'), code)
    expect(replay.statusCode).toBe(401)
    expect(replay.json().error).toBe('Code incorrect ou déjà utilisé.')
    expect(cookieOf(replay, 'etal_session')).toBeUndefined()
    // A code of two steps ahead (a minute off): outside the window.
    const later = await passwordStep(u.email)
    const far = await codeStep(cookieOf(later, 'etal_pending'), totpCode(secret, Date.now() + 75_000))
    expect(far.statusCode).toBe(401)
  })

  it('signs in with a recovery code once; the same recovery code is refused after', async () => {
    const u = await createUser(t.db, { role: 'super_admin', enrolled: false })
    const { res } = await enrolAtSignIn(u.email)
    const codes: string[] = res.json().recoveryCodes
    const first = await passwordStep(u.email)
    // Typed in capitals and without its dashes, as a person may.
    const ok = await codeStep(cookieOf(first, 'etal_pending'), codes[3]!.toUpperCase().replace(/-/g, ' '))
    expect(ok.statusCode).toBe(200)
    const again = await passwordStep(u.email)
    const reused = await codeStep(cookieOf(again, 'etal_pending'), codes[3]!)
    expect(reused.statusCode).toBe(401)
    const spent = await t.db
      .select()
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, u.id)))
    expect(spent.filter((r) => r.usedAt)).toHaveLength(1)
    // Another one still works.
    expect((await codeStep(cookieOf(again, 'etal_pending'), codes[4]!)).statusCode).toBe(200)
  })

  it('counts wrong codes toward the sign-in limit: then even the right code is refused', async () => {
    const u = await createUser(t.db, { role: 'root' })
    const secret = (await secretOf(t.db, u.id))!
    const first = await passwordStep(u.email) // 1 of 5
    const pending = cookieOf(first, 'etal_pending')
    for (let i = 0; i < 4; i++) expect((await codeStep(pending, '000000')).statusCode).toBe(401) // 2..5
    const blocked = await codeStep(pending, await freshCode(t.db, u.id, secret, 1))
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().error).toMatch(/Trop de tentatives de connexion/)
    expect(cookieOf(blocked, 'etal_session')).toBeUndefined()
    // And a new password step for the account from this IP too.
    expect((await passwordStep(u.email)).statusCode).toBe(429)
  })

  it('without a pending sign-in, a code opens nothing', async () => {
    const res = await codeStep(undefined, '123456')
    expect(res.statusCode).toBe(401)
    expect((await codeStep('etal_pending=forged', '123456')).statusCode).toBe(401)
  })

  it('a pending sign-in expires', async () => {
    const u = await createUser(t.db, { role: 'root' })
    const secret = (await secretOf(t.db, u.id))!
    const first = await passwordStep(u.email)
    await t.db
      .update(signInChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signInChallenges.userId, u.id))
    expect(
      (await codeStep(cookieOf(first, 'etal_pending'), await freshCode(t.db, u.id, secret, 1))).statusCode,
    ).toBe(401)
  })

  it('a password reset does not get around the code: it asks for it before any session', async () => {
    const u = await createUser(t.db, { role: 'root' })
    const secret = (await secretOf(t.db, u.id))!
    // A reset link as the e-mail carries it (tests/api/accounts.test.ts goes through the mail).
    const selector = randomBytes(12).toString('base64url')
    const token = randomBytes(32).toString('base64url')
    await t.db.insert(passwordResets).values({
      userId: u.id,
      channel: 'email',
      selector,
      secretHash: sha256(token),
      passwordFingerprint: sha256(u.passwordHash),
      expiresAt: new Date(Date.now() + 60_000),
    })
    const reset = await post(t, '/_api/auth/password/reset_with_link', {
      token: `${selector}.${token}`,
      password: 'Nouveau-2026!',
    })
    expect(reset.statusCode).toBe(200)
    expect(reset.json()).toEqual({ twoFactor: 'code' })
    expect(cookieOf(reset, 'etal_session')).toBeUndefined()
    expect(await t.db.$count(sessions, eq(sessions.userId, u.id))).toBe(0)
    const ok = await codeStep(cookieOf(reset, 'etal_pending'), await freshCode(t.db, u.id, secret, 1))
    expect(ok.statusCode).toBe(200)
  })
})

describe("root resets another staff member's second factor", () => {
  it('takes it away, ends its sessions, writes who did it in its history; it enrols again at sign-in', async () => {
    const root = await createUser(t.db, { role: 'root', displayName: 'Awa Root' })
    const rootCookie = await login(t, root.email)
    const target = await createUser(t.db, { role: 'super_admin' })
    const targetCookie = await login(t, target.email)

    const res = await post(t, '/_api/admin/users/reset-two-factor', { userId: target.id }, rootCookie)
    expect(res.statusCode).toBe(200)
    expect(await t.db.$count(secondFactors, eq(secondFactors.userId, target.id))).toBe(0)
    expect(await t.db.$count(recoveryCodes, eq(recoveryCodes.userId, target.id))).toBe(0)
    expect((await get(t, '/_api/auth/session', targetCookie)).statusCode).toBe(401)
    expect((await passwordStep(target.email)).json()).toEqual({ twoFactor: 'enrol' })

    const history = await get(t, `/_api/admin/userhistory?userId=${target.id}`, rootCookie)
    expect(history.statusCode).toBe(200)
    const h = decode<{ accountEvents: { kind: string; byName: string }[]; twoFactorEnabled: boolean }>(
      history.body,
    )
    expect(h.twoFactorEnabled).toBe(false)
    expect(h.accountEvents[0]).toMatchObject({ kind: 'two_factor_reset', byName: 'Awa Root' })

    // Nothing to reset twice; never one's own; only root.
    expect(
      (await post(t, '/_api/admin/users/reset-two-factor', { userId: target.id }, rootCookie)).statusCode,
    ).toBe(400)
    expect(
      (await post(t, '/_api/admin/users/reset-two-factor', { userId: root.id }, rootCookie)).statusCode,
    ).toBe(403)
    const superAdmin = await createUser(t.db, { role: 'super_admin' })
    const saCookie = await login(t, superAdmin.email)
    expect(
      (await post(t, '/_api/admin/users/reset-two-factor', { userId: root.id }, saCookie)).statusCode,
    ).toBe(403)
  })
})

describe("a staff member's sessions", () => {
  it('lists them with device, times and IP; ending one makes its cookie invalid; "all others" keeps this one', async () => {
    const u = await createUser(t.db, { role: 'admin' })
    const signIn = (ua: string) =>
      t.app.inject({
        method: 'POST',
        url: '/_api/auth/login_with_password',
        payload: { email: u.email, password: PASSWORD },
        headers: { 'user-agent': ua },
      })
    const phone = cookieOf(
      await signIn(
        'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36',
      ),
      'etal_session',
    )!
    const laptop = cookieOf(
      await signIn('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0'),
      'etal_session',
    )!
    const third = cookieOf(await signIn('curl/8.0'), 'etal_session')!

    const list = await get(t, '/_api/account/sessions', laptop)
    expect(list.statusCode).toBe(200)
    const { sessions: rows } = decode<{
      sessions: {
        id: string
        device: string
        ip: string
        current: boolean
        createdAt: Date
        lastSeenAt: Date
      }[]
    }>(list.body)
    expect(rows).toHaveLength(3)
    expect(rows[0]).toMatchObject({ device: 'Firefox sur Windows', current: true, ip: '127.0.0.1' })
    expect(rows.map((r) => r.device).sort()).toEqual([
      'Appareil inconnu',
      'Chrome sur Android',
      'Firefox sur Windows',
    ])
    expect(rows[0]!.createdAt).toBeInstanceOf(Date)

    // End the phone's session from the laptop: the phone's cookie is signed out.
    const phoneRow = rows.find((r) => r.device === 'Chrome sur Android')!
    const ended = await post(t, '/_api/account/sessions/end', { id: phoneRow.id }, laptop)
    expect(ended.statusCode).toBe(200)
    expect((await get(t, '/_api/auth/session', phone)).statusCode).toBe(401)
    expect((await get(t, '/_api/auth/session', laptop)).statusCode).toBe(200)
    // Once is enough: ended already.
    expect((await post(t, '/_api/account/sessions/end', { id: phoneRow.id }, laptop)).statusCode).toBe(404)

    // Another account's session cannot be ended by its id.
    const other = await createUser(t.db, { role: 'admin' })
    const otherCookie = await login(t, other.email)
    const [otherRow] = await t.db.select().from(sessions).where(eq(sessions.userId, other.id))
    expect((await post(t, '/_api/account/sessions/end', { id: otherRow!.id }, laptop)).statusCode).toBe(404)
    expect((await get(t, '/_api/auth/session', otherCookie)).statusCode).toBe(200)

    // All the others: the third ends, the laptop stays.
    const others = await post(t, '/_api/account/sessions/end-others', {}, laptop)
    expect(decode(others.body)).toEqual({ ended: 1 })
    expect((await get(t, '/_api/auth/session', third)).statusCode).toBe(401)
    expect((await get(t, '/_api/auth/session', laptop)).statusCode).toBe(200)

    // A bad id is a French 400.
    const bad = await post(t, '/_api/account/sessions/end', { id: 'nope' }, laptop)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error).toBe('Session inconnue.')
  })

  it('clients have no sessions page', async () => {
    const u = await createUser(t.db)
    expect((await get(t, '/_api/account/sessions', await login(t, u.email))).statusCode).toBe(403)
  })
})
