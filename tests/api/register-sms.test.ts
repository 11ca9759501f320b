import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../src/server/db/schema'
import { decode, get, post } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * SMS notices asked at registration (docs/rules/people.md#accounts): many clients read SMS, not
 * e-mail, so a new account with a phone gets its order notices by SMS unless it unticks the box;
 * what it chose is the preference its account page shows and changes (docs/rules/orders.md#messages).
 */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

let phones = 0
const registration = (over: Record<string, unknown> = {}) => ({
  email: `fanta.${++phones}.${Date.now()}@exemple.ml`,
  password: 'motdepasse1',
  displayName: 'Fanta Keïta',
  phoneNumber: `70 11 22 ${String(10 + phones).slice(-2)}`,
  city: 'Bamako',
  country: 'Mali',
  ...over,
})

/** Registers, then reads the account's preference as its dashboard does. */
async function registerAndRead(body: object) {
  const res = await post(t, '/_api/auth/register_with_password', body)
  expect(res.statusCode, res.body).toBe(201)
  const cookie = res.cookies.find((c) => c.name === 'etal_session')!
  const prefs = await get(t, '/_api/account/notifications', `etal_session=${cookie.value}`)
  expect(prefs.statusCode).toBe(200)
  return decode<{ prefs: { email: boolean; sms: boolean }; phoneNumber: string }>(prefs.body)
}

describe('SMS notices at registration', () => {
  it('are on when a phone is given and the box is left as it is', async () => {
    const answer = await registerAndRead(registration())
    expect(answer.prefs).toEqual({ email: true, sms: true })
    expect(answer.phoneNumber).toMatch(/^\+223 70 11 22 \d\d$/)
  })

  it('are on when ticked, off when unticked (e-mail only)', async () => {
    expect((await registerAndRead(registration({ smsNotices: true }))).prefs).toEqual({
      email: true,
      sms: true,
    })
    expect((await registerAndRead(registration({ smsNotices: false }))).prefs).toEqual({
      email: true,
      sms: false,
    })
  })

  it('without a phone no account is made (a registration needs one), and a bad choice is a French 400', async () => {
    const before = (await t.db.select({ id: users.id }).from(users)).length
    const noPhone = await post(t, '/_api/auth/register_with_password', registration({ phoneNumber: '' }))
    expect(noPhone.statusCode).toBe(400)
    expect(noPhone.json().fieldErrors.phoneNumber).toEqual(['Le numéro de téléphone est requis'])
    const bad = await post(t, '/_api/auth/register_with_password', registration({ smsNotices: 'oui' }))
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fieldErrors.smsNotices).toEqual([
      'Cochez ou décochez « Recevoir les avis de commande par SMS ».',
    ])
    expect((await t.db.select({ id: users.id }).from(users)).length).toBe(before)
  })
})
