import { eq } from 'drizzle-orm'
import superjson from 'superjson'
import type { Role } from '../src/shared/domain/roles'
import type { Db } from '../src/server/db/client'
import { cities, countries, orderItems, orders, products, users, zones } from '../src/server/db/schema'
import { hashPassword } from '../src/server/services/passwords'
import type { TestApp } from './setup/test-app'

export const PASSWORD = 'Secret-123!'
let passwordHash: Promise<string> | undefined
let seq = 0

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
    .where(eq(cities.countryId, country.id))
    .limit(1)
  return { country, city: row!.city, zone: row!.zone }
}

/** A user row; the password is PASSWORD unless given. */
export async function createUser(
  db: Db,
  opts: { role?: Role; country?: string; email?: string; password?: string; isActive?: boolean; displayName?: string } = {},
) {
  seq += 1
  const country = await countryByCode(db, opts.country ?? 'SN')
  const hash = opts.password ? await hashPassword(opts.password) : await (passwordHash ??= hashPassword(PASSWORD))
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
  return row!
}

/** Signs in through the API and returns the cookie header to send. */
export async function login(t: TestApp, email: string, password = PASSWORD) {
  const res = await t.app.inject({ method: 'POST', url: '/_api/auth/login_with_password', payload: { email, password } })
  if (res.statusCode !== 200) throw new Error(`login failed ${res.statusCode} ${res.body}`)
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

// ---- issue 4: products and a raw order row (catalogue tests) ----

/** A product row of that country (active unless said otherwise). */
export async function createProduct(
  db: Db,
  opts: { country?: string; name?: string; isActive?: boolean; unitType?: 'kg' | 'unit'; pricePerUnit?: number } = {},
) {
  seq += 1
  const country = await countryByCode(db, opts.country ?? 'SN')
  const [row] = await db
    .insert(products)
    .values({
      name: opts.name ?? `Produit ${seq}`,
      pricePerUnit: opts.pricePerUnit ?? 5000,
      unitType: opts.unitType ?? 'kg',
      minQuantity: opts.unitType === 'unit' ? 1 : 0.5,
      countryId: country.id,
      isActive: opts.isActive ?? true,
    })
    .returning()
  return row!
}

/** An order of one line written straight into the database (no checkout involved). */
export async function insertOrderRow(db: Db, opts: { userId: number; product: typeof products.$inferSelect; quantity?: number }) {
  const { country, city, zone } = await firstZoneOf(db, 'SN')
  const quantity = opts.quantity ?? 1
  const total = Math.round(opts.product.pricePerUnit * quantity)
  const [order] = await db
    .insert(orders)
    .values({
      userId: opts.userId,
      countryId: country.id,
      cityId: city.id,
      zoneId: zone.id,
      subtotalAmount: total,
      totalAmount: total,
      deliveryAddress: 'Rue 10',
      deliveryCity: city.name,
      deliveryCountry: country.name,
      deliveryPhone: '+221 77 000 00 00',
      zoneName: zone.name,
      customerName: 'Client test',
    })
    .returning()
  await db.insert(orderItems).values({
    orderId: order!.id,
    productId: opts.product.id,
    productName: opts.product.name,
    unitPrice: opts.product.pricePerUnit,
    unitType: opts.product.unitType,
    quantity,
    totalPrice: total,
  })
  return order!
}
