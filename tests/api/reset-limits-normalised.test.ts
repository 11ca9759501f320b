import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outboxMessages, passwordResets, users } from '../../src/server/db/schema'
import { createUser, post } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * The per-identifier limits count a phone number or an e-mail as the rules read it, not as typed
 * (docs/rules/people.md#accounts): five reset requests per number in the window whatever its
 * spellings (so five codes, 25 guesses), five per e-mail whatever its case, and the failed
 * sign-ins of a number that names no account under one count too.
 */

let t: TestApp
const LOGIN_LIMIT = 4

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES: String(LOGIN_LIMIT) })
})
afterAll(() => t.close())

const forgot = (identifier: string) => post(t, '/_api/auth/password/forgot', { identifier })

async function clientWithPhone(phone: string) {
  const user = await createUser(t.db, { role: 'client', country: 'SN' })
  await t.db.update(users).set({ phoneNumber: phone }).where(eq(users.id, user.id))
  return user
}

const codesOf = async (userId: number) =>
  (await t.db.select().from(passwordResets).where(eq(passwordResets.userId, userId))).length

describe('password reset requests, counted by the number as normalised', () => {
  it('gives one number five codes in the window, whatever its spellings, then 429 for every spelling', async () => {
    const user = await clientWithPhone('+221 77 842 12 02')
    const spellings = [
      '+221 77 842 12 02',
      '77 842 12 02',
      '778421202',
      '00221 77 842 12 02',
      '+221-77-842-12-02',
    ]
    for (const s of spellings) expect((await forgot(s)).statusCode, s).toBe(200)
    expect(await codesOf(user.id)).toBe(5)
    for (const s of [...spellings, '(77) 842 12 02', '00221778421202']) {
      const res = await forgot(s)
      expect(res.statusCode, s).toBe(429)
      expect(res.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' })
    }
    // Five codes in all: 25 guesses at most in the window (5 tries a code).
    expect(await codesOf(user.id)).toBe(5)
    const sent = await t.db.select().from(outboxMessages).where(eq(outboxMessages.userId, user.id))
    expect(sent.filter((m) => m.channel === 'sms')).toHaveLength(5)
  })

  it('counts a number that names no account the same way (the limit tells nothing)', async () => {
    for (const s of ['+221 77 555 00 01', '77 555 00 01', '775550001', '00221 77 555 00 01', '77-555-00-01'])
      expect((await forgot(s)).statusCode, s).toBe(200)
    expect((await forgot('+221775550001')).statusCode).toBe(429)
  })

  it('counts an e-mail whatever its case', async () => {
    const user = await createUser(t.db, { role: 'client', email: 'awa.ndiaye@example.sn' })
    for (const e of [
      'AWA.NDIAYE@EXAMPLE.SN',
      'awa.ndiaye@example.sn',
      'Awa.Ndiaye@Example.SN',
      ' awa.ndiaye@example.sn',
      'aWa.ndiaye@example.sn',
    ])
      expect((await forgot(e)).statusCode, e).toBe(200)
    expect((await forgot('Awa.Ndiaye@example.sn')).statusCode).toBe(429)
    expect(await codesOf(user.id)).toBe(5)
  })
})

describe('failed sign-ins, counted by the identifier as normalised', () => {
  const signIn = (email: string) =>
    post(t, '/_api/auth/login_with_password', { email, password: 'pas-le-bon-1' })

  it('counts a number that names no account under one count, whatever its spellings', async () => {
    const spellings = ['+221 77 666 00 02', '77 666 00 02', '776660002', '00221776660002']
    for (const s of spellings) expect((await signIn(s)).statusCode, s).toBe(401)
    expect((await signIn('77-666-00-02')).statusCode).toBe(429)
    expect((await signIn('+221 77 666 00 02')).statusCode).toBe(429)
  })

  it('counts an e-mail whatever its case, known or not', async () => {
    const user = await createUser(t.db, { role: 'client', email: 'moussa.fall@example.sn' })
    for (const e of [
      'MOUSSA.FALL@example.sn',
      'moussa.fall@EXAMPLE.SN',
      'Moussa.Fall@Example.Sn',
      'moussa.fall@example.sn',
    ])
      expect((await signIn(e)).statusCode, e).toBe(401)
    expect((await signIn(user.email.toUpperCase())).statusCode).toBe(429)
    for (const e of ['NOBODY@example.sn', 'nobody@example.sn', 'Nobody@Example.sn', 'nobody@EXAMPLE.sn'])
      expect((await signIn(e)).statusCode, e).toBe(401)
    expect((await signIn('noBody@example.sn')).statusCode).toBe(429)
  })
})
