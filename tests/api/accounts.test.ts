import { eq } from 'drizzle-orm'
import { createTestApp } from '../setup/test-app'
import { describe, expect, it } from 'vitest'
import { outboxMessages, passwordResets, users } from '../../src/server/db/schema'
import { RESET_INVALID_CODE, RESET_INVALID_LINK } from '../../src/server/services/people/accounts'
import { gsm7Length } from '../../src/server/services/messages/sms'
import { createUser, login, PASSWORD, post } from '../factories'
import {
  clientWithPhone,
  cookieOf,
  drain,
  forgot,
  linkToken,
  sessionOf,
  sms,
  smtp,
  t,
  useAccountsApp,
} from './accounts-setup'

/**
 * Accounts people can get back into (docs/rules/people.md#accounts, docs/security.md): a forgotten
 * password by e-mail (the link read from a real SMTP server in this process) and by SMS (the fake
 * provider's inbox). Sign-in by phone and one account per phone: accounts-phones.test.ts; SMS as
 * the outbox's second channel: accounts-sms.test.ts.
 */
useAccountsApp()

describe('a forgotten password, by e-mail', () => {
  it('sends a link through the outbox; the link sets a new password, ends every session and signs in this device', async () => {
    const user = await createUser(t.db, { role: 'client', country: 'SN' })
    const phoneA = await login(t, user.email)
    const phoneB = await login(t, user.email)

    const res = await forgot(user.email.toUpperCase())
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, channel: 'email' })
    expect(await drain()).toMatchObject({ sent: 1 })
    expect(smtp.mails).toHaveLength(1)
    expect(smtp.mails[0]!.to).toBe(user.email)
    expect(smtp.mails[0]!.subject).toBe('Étal : choisir un nouveau mot de passe')
    const token = linkToken(smtp.mails[0]!.text)
    // Only the SHA-256 of the secret is stored; the row the outbox keeps hides the link.
    const [reset] = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id))
    expect(JSON.stringify(reset)).not.toContain(token.split('.')[1])
    const [kept] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.userId, user.id))
    expect(kept!.body).toContain('[masqué]')
    expect(JSON.stringify(kept)).not.toContain(token.split('.')[1])

    const done = await t.app.inject({
      method: 'POST',
      url: '/_api/auth/password/reset_with_link',
      payload: { token, password: 'Nouveau-2026!' },
    })
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json().user.id).toBe(user.id)
    // This device is signed in; the two earlier sessions are over.
    expect((await sessionOf(cookieOf(done))).statusCode).toBe(200)
    expect((await sessionOf(phoneA)).statusCode).toBe(401)
    expect((await sessionOf(phoneB)).statusCode).toBe(401)
    // The new password opens the account, the old one no more.
    await login(t, user.email, 'Nouveau-2026!')
    await expect(login(t, user.email, PASSWORD)).rejects.toThrow(/401/)
    // The account is told its password changed.
    await drain()
    expect(smtp.mails.map((m) => m.subject)).toContain('Étal : votre mot de passe a été changé')

    // The link served once.
    const again = await post(t, '/_api/auth/password/reset_with_link', { token, password: 'Encore-2026!' })
    expect(again.statusCode).toBe(400)
    expect(again.json()).toMatchObject({ code: 'RESET_INVALID', error: RESET_INVALID_LINK })
  })

  it('refuses an expired link (30 minutes), a link asked for before a password change, and a forged one', async () => {
    const user = await createUser(t.db, { role: 'client', country: 'SN' })
    await forgot(user.email)
    await drain()
    const token = linkToken(smtp.mails[0]!.text)
    await t.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id))
    const expired = await post(t, '/_api/auth/password/reset_with_link', { token, password: 'Nouveau-2026!' })
    expect(expired.statusCode).toBe(400)
    expect(expired.json().code).toBe('RESET_INVALID')

    smtp.mails.length = 0
    await forgot(user.email)
    await drain()
    const second = linkToken(smtp.mails[0]!.text)
    // The password changes by another way (an earlier link, staff): no link asked for before works.
    await t.db.update(users).set({ passwordHash: 'changed' }).where(eq(users.id, user.id))
    const stale = await post(t, '/_api/auth/password/reset_with_link', {
      token: second,
      password: 'Nouveau-2026!',
    })
    expect(stale.statusCode).toBe(400)
    const forged = await post(t, '/_api/auth/password/reset_with_link', {
      token: `${second.split('.')[0]}.${'A'.repeat(43)}`,
      password: 'Nouveau-2026!',
    })
    expect(forged.statusCode).toBe(400)
  })

  it('answers an unknown address exactly as a known one (status, body, similar time), and sends nothing', async () => {
    const user = await createUser(t.db, { role: 'client', country: 'SN' })
    const known = await forgot(user.email)
    const unknown = await forgot('personne@nulle-part.sn')
    expect(unknown.statusCode).toBe(known.statusCode)
    expect(unknown.body).toBe(known.body)
    const unknownPhone = await forgot('77 999 88 77')
    const knownPhone = await forgot((await clientWithPhone()).local)
    expect(unknownPhone.statusCode).toBe(knownPhone.statusCode)
    expect(unknownPhone.body).toBe(knownPhone.body)
    expect(await t.db.select().from(outboxMessages)).toHaveLength(2)

    // The same work either way: median times of 15 requests each within a ratio of 0.5–2.
    const time = async (identifier: (i: number) => string) => {
      const out: number[] = []
      for (let i = 0; i < 15; i++) {
        const start = performance.now()
        await forgot(identifier(i))
        out.push(performance.now() - start)
      }
      return out
    }
    const knownUsers: Awaited<ReturnType<typeof createUser>>[] = []
    for (let i = 0; i < 15; i++) knownUsers.push(await createUser(t.db))
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!
    const a = await time((i) => `inconnu${i}@nulle-part.sn`)
    const b = await time((i) => knownUsers[i]!.email)
    const ratio = median(a) / median(b)
    expect(ratio, `unknown ${median(a).toFixed(1)} ms, known ${median(b).toFixed(1)} ms`).toBeGreaterThan(0.5)
    expect(ratio).toBeLessThan(2)
  })

  it('sends nothing to a deactivated account, with the same answer', async () => {
    const user = await createUser(t.db, { role: 'delivery_driver', country: 'SN', isActive: false })
    const res = await forgot(user.email)
    expect(res.json()).toEqual({ success: true, channel: 'email' })
    expect(await t.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id))).toHaveLength(0)
    expect(await t.db.select().from(outboxMessages)).toHaveLength(0)
  })

  it('limits requests per address (5 in 15 minutes) and per client IP', async () => {
    const user = await createUser(t.db)
    for (let i = 0; i < 5; i++) expect((await forgot(user.email)).statusCode).toBe(200)
    const sixth = await forgot(user.email)
    expect(sixth.statusCode).toBe(429)
    expect(sixth.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' })
    // The same for an address that has no account: the limit tells nothing either.
    for (let i = 0; i < 5; i++) await forgot('absent@nulle-part.sn')
    expect((await forgot('absent@nulle-part.sn')).statusCode).toBe(429)

    const strict = await createTestApp({ RESET_PER_IP: '3' })
    try {
      const ask = (identifier: string) =>
        strict.app.inject({ method: 'POST', url: '/_api/auth/password/forgot', payload: { identifier } })
      for (let i = 0; i < 3; i++) expect((await ask(`a${i}@b.sn`)).statusCode).toBe(200)
      expect((await ask('a9@b.sn')).statusCode).toBe(429)
    } finally {
      await strict.close()
    }
  })
})

describe('a forgotten password, by SMS', () => {
  it('sends a 6-digit code through the fake provider; the code sets the new password and ends the sessions', async () => {
    const user = await clientWithPhone()
    const before = await login(t, user.email)
    const res = await forgot(user.local)
    expect(res.json()).toEqual({ success: true, channel: 'sms' })
    expect(await drain()).toMatchObject({ sent: 1 })
    expect(sms.inbox).toHaveLength(1)
    const got = sms.inbox[0]!
    expect(got.to).toBe(user.phoneNumber.replace(/\D/g, ''))
    expect(got.sender).toBe('Etal')
    expect(got.text).toMatch(/^Étal: votre code pour un nouveau mot de passe est \d{6}\./)
    expect(gsm7Length(got.text)).toBeLessThanOrEqual(160)
    const code = /(\d{6})/.exec(got.text)![1]!

    const done = await post(t, '/_api/auth/password/reset_with_code', {
      identifier: user.phoneNumber,
      code,
      password: 'Nouveau-2026!',
    })
    expect(done.statusCode, done.body).toBe(200)
    expect((await sessionOf(before)).statusCode).toBe(401)
    expect((await sessionOf(cookieOf(done))).statusCode).toBe(200)
    const reused = await post(t, '/_api/auth/password/reset_with_code', {
      identifier: user.phoneNumber,
      code,
      password: 'Encore-2026!',
    })
    expect(reused.statusCode).toBe(400)
  })

  it('refuses a wrong code five times, then the right one too: a new code is needed', async () => {
    const user = await clientWithPhone()
    await forgot(user.local)
    await drain()
    const code = /(\d{6})/.exec(sms.inbox[0]!.text)![1]!
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) {
      const res = await post(t, '/_api/auth/password/reset_with_code', {
        identifier: user.local,
        code: wrong,
        password: 'Nouveau-2026!',
      })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ code: 'RESET_INVALID', error: RESET_INVALID_CODE })
    }
    const sixth = await post(t, '/_api/auth/password/reset_with_code', {
      identifier: user.local,
      code,
      password: 'Nouveau-2026!',
    })
    expect(sixth.statusCode).toBe(400)
    expect(sixth.json().error).toBe(RESET_INVALID_CODE)
    // A new code works.
    sms.inbox.length = 0
    await forgot(user.local)
    await drain()
    const fresh = /(\d{6})/.exec(sms.inbox[0]!.text)![1]!
    const ok = await post(t, '/_api/auth/password/reset_with_code', {
      identifier: user.local,
      code: fresh,
      password: 'Nouveau-2026!',
    })
    expect(ok.statusCode).toBe(200)
  })

  it('refuses an expired code (10 minutes), and a code for an unknown number like a wrong one', async () => {
    const user = await clientWithPhone()
    await forgot(user.local)
    await drain()
    const code = /(\d{6})/.exec(sms.inbox[0]!.text)![1]!
    await t.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id))
    const expired = await post(t, '/_api/auth/password/reset_with_code', {
      identifier: user.local,
      code,
      password: 'Nouveau-2026!',
    })
    expect(expired.statusCode).toBe(400)
    const unknown = await post(t, '/_api/auth/password/reset_with_code', {
      identifier: '77 999 88 77',
      code,
      password: 'Nouveau-2026!',
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.body).toBe(expired.body)
  })
})
