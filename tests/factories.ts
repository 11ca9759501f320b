import { eq } from 'drizzle-orm'
import superjson from 'superjson'
import type { Role } from '../src/shared/domain/roles'
import type { Db } from '../src/server/db/client'
import { cities, countries, orderItems, orders, users, zones } from '../src/server/db/schema'
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

// ---- issue 3: storefront and ordering ----
// (imported here rather than at the top to keep merges of other issues' blocks clean)
import { products } from '../src/server/db/schema'

/** A product row: active by default, in Sénégal, 1000 F the kg, minimum 0.5. */
export async function createProduct(
  db: Db,
  opts: {
    country?: string
    name?: string
    unitType?: 'kg' | 'unit'
    pricePerUnit?: number
    minQuantity?: number
    isActive?: boolean
    isFeatured?: boolean
    archived?: boolean
    categoryId?: number | null
    createdAt?: Date
  } = {},
) {
  seq += 1
  const country = await countryByCode(db, opts.country ?? 'SN')
  const unitType = opts.unitType ?? 'kg'
  const [row] = await db
    .insert(products)
    .values({
      name: opts.name ?? `Produit ${seq}`,
      description: 'Un produit de test.',
      pricePerUnit: opts.pricePerUnit ?? 1000,
      unitType,
      minQuantity: opts.minQuantity ?? (unitType === 'kg' ? 0.5 : 1),
      countryId: country.id,
      categoryId: opts.categoryId ?? null,
      isActive: opts.isActive ?? true,
      isFeatured: opts.isFeatured ?? false,
      archivedAt: opts.archived ? new Date() : null,
      ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
    })
    .returning()
  return row!
}

/** The delivery part of an order payload: the first zone of that country. */
export async function deliveryIn(db: Db, countryCode = 'SN') {
  const { country, city, zone } = await firstZoneOf(db, countryCode)
  return {
    deliveryCountry: country.name,
    deliveryCity: city.name,
    zoneId: zone.id,
    deliveryAddress: 'Rue 10, porte 4',
    deliveryPhone: '+221 77 123 45 67',
  }
}

/** POST /_api/orders/create with an optional Idempotency-Key. */
export async function postOrder(t: TestApp, payload: unknown, cookie: string, idempotencyKey?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/_api/orders/create',
    payload: payload as object,
    headers: { cookie, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
  })
}

// ---- issue 4: products and a raw order row (catalogue tests) ----

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
