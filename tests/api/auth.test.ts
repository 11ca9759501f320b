import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessions, users } from '../../src/server/db/schema'
import { createUser, get, login, PASSWORD, post } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

let phones = 0
/** Each registration its own number: one account per number (docs/rules/people.md#accounts). */
const freshPhone = () =>
  `77 12${String(++phones)
    .padStart(5, '0')
    .replace(/^(\d)(\d\d)(\d\d)$/, '$1 $2 $3')}`
const validRegistration = (over: Record<string, unknown> = {}) => ({
  email: `awa.${Math.random().toString(36).slice(2)}@exemple.sn`,
  password: 'motdepasse1',
  displayName: 'Awa Diallo',
  phoneNumber: freshPhone(),
  city: 'Dakar',
  country: 'Sénégal',
  ...over,
})

const sessionCookie = (res: {
  cookies: { name: string; value: string; httpOnly?: boolean; sameSite?: string; path?: string }[]
}) => res.cookies.find((c) => c.name === 'etal_session')

describe('GET /_api/auth/session', () => {
  it('answers 401 with the French message when signed out', async () => {
    const res = await get(t, '/_api/auth/session')
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({
      error: 'Non authentifié',
      code: 'UNAUTHORIZED',
      message: 'Non authentifié',
    })
  })

  it('answers 401 for a forged token', async () => {
    const res = await get(t, '/_api/auth/session', 'etal_session=forged-token')
    expect(res.statusCode).toBe(401)
  })
})

describe('POST /_api/auth/register_with_password', () => {
  it('creates a client, signs it in with an HttpOnly SameSite=Lax cookie, and adds the dial code', async () => {
    const input = validRegistration({ phoneNumber: '77 123 45 67' })
    const res = await post(t, '/_api/auth/register_with_password', input)
    expect(res.statusCode).toBe(201)
    const { user } = res.json()
    expect(user).toMatchObject({
      email: input.email,
      displayName: 'Awa Diallo',
      role: 'client',
      country: 'Sénégal',
      city: 'Dakar',
      phoneNumber: '+221 77 123 45 67',
      loyaltyPoints: 0,
      customDiscountPercent: null,
      isActive: true,
    })
    expect(user).not.toHaveProperty('passwordHash')
    const cookie = sessionCookie(res)!
    expect(cookie.httpOnly).toBe(true)
    expect(cookie.sameSite).toBe('Lax')
    expect(cookie.path).toBe('/')
    const me = await get(t, '/_api/auth/session', `etal_session=${cookie.value}`)
    expect(me.statusCode).toBe(200)
    expect(me.json().user.email).toBe(input.email)
  })

  it('resolves the country case-insensitively and keeps an international number as typed', async () => {
    const res = await post(
      t,
      '/_api/auth/register_with_password',
      validRegistration({ country: 'mali', phoneNumber: '+223 70 00 00 00' }),
    )
    expect(res.statusCode).toBe(201)
    expect(res.json().user).toMatchObject({ country: 'Mali', phoneNumber: '+223 70 00 00 00' })
  })

  it('answers 409 with "déjà utilisée" for a taken email, whatever its case', async () => {
    const input = validRegistration()
    expect((await post(t, '/_api/auth/register_with_password', input)).statusCode).toBe(201)
    const again = await post(t, '/_api/auth/register_with_password', {
      ...input,
      email: input.email.toUpperCase(),
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().error).toContain('déjà utilisée')
    expect(again.json().message).toContain('déjà utilisée')
    expect(again.json().code).toBe('EMAIL_TAKEN')
  })

  it.each([
    ['email', 'pas-un-email', "L'email est requis et doit être valide"],
    ['password', 'court', 'Le mot de passe doit contenir au moins 8 caractères'],
    ['displayName', '   ', "Le nom d'affichage est requis"],
    ['phoneNumber', '', 'Le numéro de téléphone est requis'],
    ['city', '', 'La ville est requise'],
    ['country', '', 'Le pays est requis'],
  ])('refuses a bad %s with its message', async (field, value, message) => {
    const before = await t.db.$count(users)
    const res = await post(t, '/_api/auth/register_with_password', validRegistration({ [field]: value }))
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe(message)
    expect(res.json().fieldErrors[field]).toContain(message)
    expect(await t.db.$count(users)).toBe(before)
  })

  it.each(['email', 'password', 'displayName', 'phoneNumber', 'city', 'country'])(
    'refuses a missing %s',
    async (field) => {
      const input: Record<string, unknown> = validRegistration()
      delete input[field]
      const res = await post(t, '/_api/auth/register_with_password', input)
      expect(res.statusCode).toBe(400)
      expect(res.json().fieldErrors[field]).toBeDefined()
    },
  )

  it('refuses a country Étal does not serve', async () => {
    const res = await post(
      t,
      '/_api/auth/register_with_password',
      validRegistration({ country: 'Atlantide' }),
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().error.toLowerCase()).toContain('pays')
  })

  it('refuses extra fields such as a role (strict input)', async () => {
    const res = await post(t, '/_api/auth/register_with_password', validRegistration({ role: 'root' }))
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('VALIDATION_ERROR')
  })
})

describe('POST /_api/auth/login_with_password', () => {
  it('signs in, answers the user, and gives a new token at each sign-in', async () => {
    const u = await createUser(t.db, { role: 'admin' })
    const first = await post(t, '/_api/auth/login_with_password', {
      email: u.email.toUpperCase(),
      password: PASSWORD,
    })
    expect(first.statusCode).toBe(200)
    expect(first.json().user).toMatchObject({ id: u.id, role: 'admin', country: 'Sénégal' })
    const c1 = sessionCookie(first)!
    expect(c1.httpOnly).toBe(true)
    expect(c1.sameSite).toBe('Lax')
    const second = await post(t, '/_api/auth/login_with_password', { email: u.email, password: PASSWORD })
    expect(sessionCookie(second)!.value).not.toBe(c1.value)
    const [row] = await t.db.select().from(users).where(eq(users.id, u.id))
    expect(row!.lastLogin).toBeInstanceOf(Date)
  })

  it('stores only a hash of the token', async () => {
    const u = await createUser(t.db)
    const cookie = await login(t, u.email)
    const token = cookie.split('=')[1]!
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, u.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.id).not.toBe(token)
    expect(rows[0]!.id).toMatch(/^[0-9a-f]{64}$/)
  })

  it('answers 401 for a wrong password and for an unknown email, with the same message', async () => {
    const u = await createUser(t.db)
    const wrong = await post(t, '/_api/auth/login_with_password', { email: u.email, password: 'nope-nope' })
    const unknown = await post(t, '/_api/auth/login_with_password', {
      email: 'personne@exemple.sn',
      password: 'nope-nope',
    })
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(wrong.json().error).toBe('Email ou mot de passe incorrect.')
    expect(unknown.json().message).toBe(wrong.json().message)
    expect(sessionCookie(wrong)).toBeUndefined()
  })

  it.each([
    [
      { email: 'pas-un-email', password: 'x' },
      'email',
      'Veuillez entrer une adresse email ou un numéro de téléphone valide.',
    ],
    [{ email: 'a@b.sn', password: '' }, 'password', 'Le mot de passe est requis.'],
  ])('validates its input', async (payload, field, message) => {
    const res = await post(t, '/_api/auth/login_with_password', payload)
    expect(res.statusCode).toBe(400)
    expect(res.json().fieldErrors[field]).toContain(message)
  })

  it('refuses a deactivated account, and its open sessions end', async () => {
    const u = await createUser(t.db)
    const cookie = await login(t, u.email)
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, u.id))
    expect((await get(t, '/_api/auth/session', cookie)).statusCode).toBe(401)
    // The right password and a wrong one get the same answer (docs/security/outside-attack.md item 11): nothing tells
    // whoever tries that the password was right.
    const right = await post(t, '/_api/auth/login_with_password', { email: u.email, password: PASSWORD })
    const wrong = await post(t, '/_api/auth/login_with_password', { email: u.email, password: 'Faux-123!' })
    expect(right.statusCode).toBe(401)
    expect(right.json()).toEqual({
      error: 'Email ou mot de passe incorrect.',
      message: 'Email ou mot de passe incorrect.',
      code: 'INVALID_CREDENTIALS',
    })
    expect([wrong.statusCode, wrong.body]).toEqual([right.statusCode, right.body])
    expect(right.headers['set-cookie']).toBeUndefined()
    expect(await t.db.$count(sessions, eq(sessions.userId, u.id))).toBe(0)
  })

  it('answers 429 after 10 failures for one email and IP, even with the right password', async () => {
    const u = await createUser(t.db)
    for (let i = 0; i < 10; i++) {
      const res = await post(t, '/_api/auth/login_with_password', { email: u.email, password: `faux-${i}` })
      expect(res.statusCode).toBe(401)
    }
    const blocked = await post(t, '/_api/auth/login_with_password', { email: u.email, password: PASSWORD })
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().error).toMatch(/Trop de tentatives de connexion/)
    // Another account from the same IP is not blocked.
    const other = await createUser(t.db)
    expect(
      (await post(t, '/_api/auth/login_with_password', { email: other.email, password: PASSWORD }))
        .statusCode,
    ).toBe(200)
  })
})

describe('POST /_api/auth/logout', () => {
  it('ends the session on the server: the old cookie no longer works', async () => {
    const u = await createUser(t.db)
    const cookie = await login(t, u.email)
    expect((await get(t, '/_api/auth/session', cookie)).statusCode).toBe(200)
    const res = await post(t, '/_api/auth/logout', {}, cookie)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true })
    expect((await get(t, '/_api/auth/session', cookie)).statusCode).toBe(401)
    expect(await t.db.$count(sessions, eq(sessions.userId, u.id))).toBe(0)
  })

  it('answers 200 when already signed out', async () => {
    expect((await post(t, '/_api/auth/logout', {})).statusCode).toBe(200)
  })
})

describe('registration rate limit', () => {
  it('answers 429 past 10 registrations an hour from one IP', async () => {
    const own = await createTestApp({ REGISTER_PER_HOUR: '10' })
    try {
      const codes: number[] = []
      for (let i = 0; i < 11; i++) {
        const res = await own.app.inject({
          method: 'POST',
          url: '/_api/auth/register_with_password',
          payload: validRegistration(),
          remoteAddress: '10.1.2.3',
        })
        codes.push(res.statusCode)
      }
      expect(codes.slice(0, 10).every((c) => c === 201)).toBe(true)
      expect(codes[10]).toBe(429)
    } finally {
      await own.close()
    }
  })
})
