import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { outboxMessages, users } from '../../src/server/db/schema'
import { drainOutbox } from '../../src/server/services/messages/outbox'
import { smtpSender } from '../../src/server/services/messages/smtp'
import { infobipSender } from '../../src/server/services/messages/sms'
import { passwordVerifications } from '../../src/server/services/people/passwords'
import { SEVERAL_ACCOUNTS } from '../../src/server/api/people/auth/login-with-password'
import { startFakeSmsProvider } from '../../dev/fakes/sms'
import { countryByCode, createUser, login, PASSWORD, post } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * The same local digits in two countries (docs/rules/people.md#accounts): "70 00 00 05" is a
 * number of Mali and one of Burkina Faso. Each account signs in with it and its own password,
 * the page's country picks when one password opens both, a reset by SMS goes to each account's
 * own number (or the page's country's), and the failed sign-in count stays per account.
 */
let t: TestApp
let sms: Awaited<ReturnType<typeof startFakeSmsProvider>>
let ml: number
let bf: number

beforeAll(async () => {
  t = await createTestApp({ RESET_PER_IP: '1000' })
  sms = await startFakeSmsProvider()
  ml = (await countryByCode(t.db, 'ML')).id
  bf = (await countryByCode(t.db, 'BF')).id
})
afterAll(async () => {
  await sms.close()
  await t.close()
})
afterEach(async () => {
  sms.inbox.length = 0
  await t.db.delete(outboxMessages)
})

let seq = 0
/** A Mali account and a Burkina Faso account of the same 8 local digits. */
async function pair(passwords: { ml?: string; bf?: string } = {}) {
  seq += 1
  const local = `70 00 0${seq} ${String(10 + seq).slice(-2)}`
  const make = async (country: 'ML' | 'BF', dial: string, password?: string) => {
    const user = await createUser(t.db, { country, password })
    await t.db
      .update(users)
      .set({ phoneNumber: `${dial} ${local}` })
      .where(eq(users.id, user.id))
    return { ...user, phone: `${dial} ${local}` }
  }
  return {
    local,
    mali: await make('ML', '+223', passwords.ml),
    burkina: await make('BF', '+226', passwords.bf),
  }
}

let ipSeq = 0
/** Each test its own client IP: the failed sign-in limit counts per account and IP. */
const signIn = (body: object, ip = `10.9.0.${++ipSeq}`) =>
  t.app.inject({ method: 'POST', url: '/_api/auth/login_with_password', payload: body, remoteAddress: ip })

describe('signing in with the local digits two countries share', () => {
  it('signs each account in with its own password, the page’s country given or not', async () => {
    const { local, mali, burkina } = await pair({ ml: 'Mali-secret-1', bf: 'Faso-secret-2' })
    for (const countryId of [undefined, ml, bf]) {
      const m = await signIn({ email: local, password: 'Mali-secret-1', countryId })
      expect(m.statusCode, m.body).toBe(200)
      expect(m.json().user.id).toBe(mali.id)
      const b = await signIn({ email: local, password: 'Faso-secret-2', countryId })
      expect(b.statusCode, b.body).toBe(200)
      expect(b.json().user.id).toBe(burkina.id)
    }
    const wrong = await signIn({ email: local, password: 'faux-faux' })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json().error).toBe('Email ou mot de passe incorrect.')
  })

  it('one password opening both: the page’s country picks; without it, the e-mail is asked for', async () => {
    const { local, mali, burkina } = await pair()
    expect((await signIn({ email: local, password: PASSWORD, countryId: ml })).json().user.id).toBe(mali.id)
    expect((await signIn({ email: local, password: PASSWORD, countryId: bf })).json().user.id).toBe(
      burkina.id,
    )
    const neither = await signIn({ email: local, password: PASSWORD })
    expect(neither.statusCode).toBe(409)
    expect(neither.json()).toMatchObject({ error: SEVERAL_ACCOUNTS, code: 'CONFLICT' })
    await login(t, mali.email)
  })

  it('reads the digits in the page’s country too: a Sénégal account with a Mali number', async () => {
    const user = await createUser(t.db, { country: 'SN', password: 'Dakar-Bamako-3' })
    await t.db.update(users).set({ phoneNumber: '+223 70 99 88 01' }).where(eq(users.id, user.id))
    const res = await signIn({ email: '70 99 88 01', password: 'Dakar-Bamako-3', countryId: ml })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().user.id).toBe(user.id)
  })

  it('does the same work whether the digits name no account, one or two', async () => {
    const { local } = await pair({ ml: 'Mali-secret-1', bf: 'Faso-secret-2' })
    const one = await pair()
    await t.db.update(users).set({ phoneNumber: null }).where(eq(users.id, one.burkina.id))
    const checks = async (email: string) => {
      const before = passwordVerifications.count
      await signIn({ email, password: 'faux-faux' })
      return passwordVerifications.count - before
    }
    // "70 00 0x xx" is a number in five of the shop's countries: two checks, whoever has it.
    expect(await checks(local)).toBe(2)
    expect(await checks(one.local)).toBe(2)
    expect(await checks('70 99 77 02')).toBe(2)
    expect(await checks('+223 70 99 77 02')).toBe(1)
  })

  it('counts a guess through the shared digits against each account; a sign-in gives back its own count only', async () => {
    const { local, mali, burkina } = await pair({ ml: 'Mali-secret-1', bf: 'Faso-secret-2' })
    const ip = '10.9.1.1'
    for (let i = 0; i < 8; i++)
      expect((await signIn({ email: local, password: 'faux' }, ip)).statusCode).toBe(401)
    // Mali signs in (its count given back); Burkina keeps its nine (eight and this one).
    expect((await signIn({ email: local, password: 'Mali-secret-1' }, ip)).statusCode).toBe(200)
    expect((await signIn({ email: burkina.email, password: 'faux' }, ip)).statusCode).toBe(401)
    const locked = await signIn({ email: burkina.email, password: 'Faso-secret-2' }, ip)
    expect(locked.statusCode).toBe(429)
    // Burkina's spent count is no lock on Mali: its password is still checked through the digits.
    const mine = await signIn({ email: local, password: 'Mali-secret-1' }, ip)
    expect(mine.statusCode, mine.body).toBe(200)
    expect(mine.json().user.id).toBe(mali.id)
    // And a guess at Burkina through them is not checked: 429, not 401.
    expect((await signIn({ email: local, password: 'Faso-secret-2' }, ip)).statusCode).toBe(429)
  })
})

describe('a forgotten password by the digits two countries share', () => {
  const drain = () =>
    drainOutbox(t.db, {
      sender: smtpSender('smtp://127.0.0.1:9'),
      sms: infobipSender({ baseUrl: sms.url, apiKey: sms.apiKey, from: 'Etal' }),
      from: 'Étal <commandes@etal.example>',
      retryBaseMs: 1,
    })
  const forgot = (identifier: string, countryId?: number) =>
    post(t, '/_api/auth/password/forgot', { identifier, countryId })
  const codeSentTo = (phone: string) => {
    const got = sms.inbox.find((m) => m.to === phone.replace(/\D/g, ''))
    return got && /(\d{6})/.exec(got.text)![1]!
  }

  it('with the page’s country, the code goes to that country’s account only', async () => {
    const { local, mali, burkina } = await pair()
    expect((await forgot(local, bf)).json()).toEqual({ success: true, channel: 'sms' })
    await drain()
    expect(sms.inbox.map((m) => m.to)).toEqual([burkina.phone.replace(/\D/g, '')])
    expect(codeSentTo(mali.phone)).toBeUndefined()
  })

  it('without it, each account gets its own code at its own number; a code resets its own account only', async () => {
    const { local, mali, burkina } = await pair()
    await forgot(local)
    await drain()
    expect(sms.inbox.map((m) => m.to).sort()).toEqual(
      [mali.phone, burkina.phone].map((p) => p.replace(/\D/g, '')).sort(),
    )
    const code = codeSentTo(burkina.phone)!
    const done = await post(t, '/_api/auth/password/reset_with_code', {
      identifier: local,
      code,
      password: 'Nouveau-Faso-2026',
    })
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json().user.id).toBe(burkina.id)
    await login(t, burkina.email, 'Nouveau-Faso-2026')
    // Mali's password is untouched, and its own code still works.
    await login(t, mali.email)
    const mine = await post(t, '/_api/auth/password/reset_with_code', {
      identifier: local,
      code: codeSentTo(mali.phone)!,
      password: 'Nouveau-Mali-2026',
    })
    expect(mine.json().user.id).toBe(mali.id)
  })

  it('sends no code to a number two accounts of one country share (kept from before the rule)', async () => {
    const a = await createUser(t.db, { country: 'ML' })
    const b = await createUser(t.db, { country: 'ML' })
    await t.db.update(users).set({ phoneNumber: '+223 70 55 44 03' }).where(eq(users.id, a.id))
    await t.db.update(users).set({ phoneNumber: '+223 70 55 44 03' }).where(eq(users.id, b.id))
    expect((await forgot('70 55 44 03', ml)).json()).toEqual({ success: true, channel: 'sms' })
    await drain()
    expect(sms.inbox).toEqual([])
  })
})
