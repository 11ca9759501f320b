import superjson from 'superjson'
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Role } from '../../src/shared/domain/roles'
import type { Db } from '../../src/server/db/client'
import { hashPassword } from '../../src/server/services/people/passwords'
import type { TestApp } from '../setup/test-app'
import { enrolAccount, freshCode, secretOf } from '../two-factor'
import { cities, countries, users, zones } from '../../src/server/db/schema'

export const PASSWORD = 'Secret-123!'
/**
 * PASSWORD's hash, made once per argon2 cost: a test of the cost itself (tests/api/overload.test.ts)
 * unsets the cheap test cost for a while, and a hash made then, kept for every later file of the
 * worker, made a known account's check six times slower than an unknown one's.
 */
const passwordHashes = new Map<string, Promise<string>>()
let seq = 0
/** A number no other row made by these factories has. */
export const nextSeq = () => ++seq

export async function countryByCode(db: Db, code: string) {
  const [row] = await db.select().from(countries).where(eq(countries.code, code))
  if (!row) throw new Error(`no country ${code}`)
  return row
}

export async function firstZoneOf(db: Db, countryCode: string) {
  const country = await countryByCode(db, countryCode)
  const [row] = await db
    .select({ zone: zones, city: cities })
    .from(zones)
    .innerJoin(cities, eq(cities.id, zones.cityId))
    .where(
      and(
        eq(cities.countryId, country.id),
        // With the demo data: a city without delivery slots, a zone without a minimum order, so
        // that a checkout needs neither (docs/rules/delivery.md#delivery-slots, #delivery-fees).
        sql`not exists (select 1 from delivery_slots ds where ds.city_id = ${cities.id} and ds.is_active)`,
        isNull(zones.minOrderAmount),
      ),
    )
    .orderBy(zones.id)
    .limit(1)
  return { country, city: row!.city, zone: row!.zone }
}

function passwordHashOfThisCost() {
  const cost = process.env.ETAL_ARGON2_COST ?? 'real'
  let made = passwordHashes.get(cost)
  if (!made) passwordHashes.set(cost, (made = hashPassword(PASSWORD)))
  return made
}

/** A user row; the password is PASSWORD unless given. */
export async function createUser(
  db: Db,
  opts: {
    role?: Role
    country?: string
    email?: string
    password?: string
    isActive?: boolean
    displayName?: string
    /**
     * root and super_admin sign in with a second factor (docs/rules/people.md#accounts): they are
     * made enrolled, with a random secret `login` reads back, unless this is false.
     */
    enrolled?: boolean
  } = {},
) {
  seq += 1
  const country = await countryByCode(db, opts.country ?? 'SN')
  const hash = opts.password ? await hashPassword(opts.password) : await passwordHashOfThisCost()
  const [row] = await db
    .insert(users)
    .values({
      email: opts.email ?? `user${seq}.${Date.now()}@test.etal`,
      passwordHash: hash,
      displayName: opts.displayName ?? `Utilisateur ${seq}`,
      phoneNumber: '+221 77 000 00 00',
      city: 'Dakar',
      countryId: country.id,
      role: opts.role ?? 'client',
      isActive: opts.isActive ?? true,
    })
    .returning()
  const role = opts.role ?? 'client'
  if (opts.enrolled ?? (role === 'root' || role === 'super_admin')) await enrolAccount(db, row!.id)
  return row!
}

/** Signs in through the API and returns the cookie header to send. */
export async function login(t: TestApp, email: string, password = PASSWORD) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/_api/auth/login_with_password',
    payload: { email, password },
  })
  if (res.statusCode !== 200) throw new Error(`login failed ${res.statusCode} ${res.body}`)
  if (res.json().twoFactor) return secondStep(t, email, res)
  const cookie = res.cookies.find((c) => c.name === 'etal_session')!
  return `etal_session=${cookie.value}`
}

/**
 * The second step of a sign-in whose password step asked for a code: a fresh code of the
 * account's enrolled secret, read from the database (tests/two-factor.ts).
 */
export async function secondStep(
  t: TestApp,
  email: string,
  passwordStep: { cookies: { name: string; value: string }[] },
) {
  const [user] = await t.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
  const secret = user && (await secretOf(t.db, user.id, t.config))
  if (!user || !secret) throw new Error(`login failed: ${email} has no enrolled authenticator`)
  const pending = passwordStep.cookies.find((c) => c.name === 'etal_pending')!
  const res = await t.app.inject({
    method: 'POST',
    url: '/_api/auth/two_factor/verify',
    payload: { code: await freshCode(t.db, user.id, secret, t.config.TOTP_DRIFT_STEPS) },
    headers: { cookie: `etal_pending=${pending.value}` },
  })
  if (res.statusCode !== 200) throw new Error(`second step failed ${res.statusCode} ${res.body}`)
  const cookie = res.cookies.find((c) => c.name === 'etal_session')!
  return `etal_session=${cookie.value}`
}

/** A user of that role, signed in: its row and its cookie. */
export async function signedIn(t: TestApp, role: Role = 'client', country = 'SN') {
  const user = await createUser(t.db, { role, country })
  return { user, cookie: await login(t, user.email) }
}

/** Decodes a superjson answer. */
export const decode = <T = Record<string, unknown>>(body: string) => superjson.parse<T>(body)

export async function get(t: TestApp, url: string, cookie?: string) {
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })
}
export async function post(t: TestApp, url: string, payload: unknown, cookie?: string) {
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} })
}
