import superjson from 'superjson'
import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { Role } from '../src/shared/domain/roles'
import type { Db } from '../src/server/db/client'
import { hashPassword } from '../src/server/services/people/passwords'
import type { TestApp } from './setup/test-app'
import { enrolAccount, freshCode, secretOf } from './two-factor'
import { movePoints } from '../src/server/services/money/loyalty'
import type { OrderStatus } from '../src/shared/domain/order-status'
import { priceOrder } from '../src/shared/domain/pricing'
import {
  cities,
  contactMessages,
  countries,
  orderEvents,
  orderItems,
  orders,
  products,
  users,
  zones,
} from '../src/server/db/schema'

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
  const hash = opts.password
    ? await hashPassword(opts.password)
    : await (passwordHash ??= hashPassword(PASSWORD))
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

// ---- storefront and ordering ----

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

// ---- products and a raw order row (catalogue tests) ----

/** An order of one line written straight into the database (no checkout involved). */
export async function insertOrderRow(
  db: Db,
  opts: { userId: number; product: typeof products.$inferSelect; quantity?: number },
) {
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

// ---- orders and delivery ----------------------------------------------------------------
// (its own imports here; orders, orderItems and products come from the blocks above)

/** Points given to a user as a 'bonus' movement (balance and ledger together). */
export async function grantPoints(db: Db, userId: number, points: number) {
  await db.transaction((tx) =>
    movePoints(tx, { userId, type: 'bonus', points, description: 'Bonus de test' }),
  )
}

type OrderLine = { price: number; quantity: number; unitType?: 'kg' | 'unit'; name?: string }
type OrderZone = { zoneId: number; zoneName: string; cityId: number; cityName: string }

/**
 * An order written straight into the database, as checkout would: items priced with priceOrder
 * (a product per line), a 'created' event and, when pointsUsed > 0, the points debit (the user
 * must hold them). The checkout endpoint is tested apart; these tests do not depend on it.
 */
export async function createOrder(
  db: Db,
  opts: {
    user: { id: number; displayName: string; countryId: number | null }
    lines?: OrderLine[]
    zone?: OrderZone
    status?: OrderStatus
    pointsUsed?: number
    driverId?: number | null
    createdAt?: Date
  },
) {
  const lines = opts.lines ?? [{ price: 2500, quantity: 2 }]
  const [country] = await db.select().from(countries).where(eq(countries.id, opts.user.countryId!))
  const zone = opts.zone ?? (await zonesOf(db, country!.id))[0]!
  const price = priceOrder(
    lines.map((l) => ({ unitPrice: l.price, quantity: l.quantity })),
    null,
    opts.pointsUsed ?? 0,
  )
  const createdAt = opts.createdAt ?? new Date()
  return db.transaction(async (tx) => {
    const productRows = await tx
      .insert(products)
      .values(
        lines.map((l, i) => ({
          name: l.name ?? `Produit ${i + 1}`,
          pricePerUnit: l.price,
          unitType: l.unitType ?? 'kg',
          countryId: country!.id,
          isActive: true,
        })),
      )
      .returning()
    const [order] = await tx
      .insert(orders)
      .values({
        userId: opts.user.id,
        countryId: country!.id,
        cityId: zone.cityId,
        zoneId: zone.zoneId,
        status: opts.status ?? 'pending',
        subtotalAmount: price.subtotal,
        pointsUsed: price.pointsUsed,
        pointsDiscountAmount: price.pointsDiscountAmount,
        totalAmount: price.total,
        deliveryAddress: '12 rue des Tests',
        deliveryCity: zone.cityName,
        deliveryCountry: country!.name,
        deliveryPhone: '+221 77 111 11 11',
        zoneName: zone.zoneName,
        customerName: opts.user.displayName,
        deliveryDriverId: opts.driverId ?? null,
        createdAt,
        updatedAt: createdAt,
      })
      .returning()
    await tx.insert(orderItems).values(
      lines.map((l, i) => ({
        orderId: order!.id,
        productId: productRows[i]!.id,
        productName: productRows[i]!.name,
        unitPrice: l.price,
        unitType: productRows[i]!.unitType,
        quantity: l.quantity,
        totalPrice: price.lineTotals[i]!,
      })),
    )
    await tx
      .insert(orderEvents)
      .values({ orderId: order!.id, actorId: opts.user.id, type: 'created', toValue: 'pending', createdAt })
    if (price.pointsUsed > 0) {
      await movePoints(tx, {
        userId: opts.user.id,
        orderId: order!.id,
        type: 'redeemed',
        points: -price.pointsUsed,
        description: `Points utilisés sur la commande #${order!.id}`,
      })
    }
    return order!
  })
}

/** Every zone of a country with its city, in id order. */
export async function zonesOf(db: Db, countryId: number): Promise<OrderZone[]> {
  return db
    .select({ zoneId: zones.id, zoneName: zones.name, cityId: cities.id, cityName: cities.name })
    .from(zones)
    .innerJoin(cities, eq(cities.id, zones.cityId))
    .where(eq(cities.countryId, countryId))
    .orderBy(asc(cities.id), asc(zones.id))
}

// ---- orders, products and contact messages inserted directly (dashboards, histories) ----
// createProduct is with the storefront's, above.
/** An order of `userId` in its product's country, with its lines; amounts are the lines' sum unless given. */
export async function insertOrder(
  db: Db,
  opts: {
    userId: number
    lines: { product: typeof products.$inferSelect; quantity: number }[]
    status?: (typeof orders.$inferInsert)['status']
    createdAt?: Date
    totalAmount?: number
  },
) {
  const first = opts.lines[0]!.product
  const [place] = await db
    .select({ zone: zones, city: cities, country: countries })
    .from(zones)
    .innerJoin(cities, eq(cities.id, zones.cityId))
    .innerJoin(countries, eq(countries.id, cities.countryId))
    .where(eq(cities.countryId, first.countryId))
    .limit(1)
  const lines = opts.lines.map((l) => ({ ...l, total: Math.round(l.product.pricePerUnit * l.quantity) }))
  const subtotal = lines.reduce((s, l) => s + l.total, 0)
  const [order] = await db
    .insert(orders)
    .values({
      userId: opts.userId,
      countryId: first.countryId,
      cityId: place!.city.id,
      zoneId: place!.zone.id,
      status: opts.status ?? 'pending',
      subtotalAmount: subtotal,
      totalAmount: opts.totalAmount ?? subtotal,
      deliveryAddress: 'Rue 1',
      deliveryCity: place!.city.name,
      deliveryCountry: place!.country.name,
      deliveryPhone: '+221 77 000 00 00',
      zoneName: place!.zone.name,
      customerName: 'Client Test',
      ...(opts.createdAt ? { createdAt: opts.createdAt, updatedAt: opts.createdAt } : {}),
    })
    .returning()
  await db.insert(orderItems).values(
    lines.map((l) => ({
      orderId: order!.id,
      productId: l.product.id,
      productName: l.product.name,
      unitPrice: l.product.pricePerUnit,
      unitType: l.product.unitType,
      quantity: l.quantity,
      totalPrice: l.total,
    })),
  )
  return order!
}

export async function createContactMessage(
  db: Db,
  opts: { status?: 'new' | 'read' | 'processed'; subject?: string; email?: string } = {},
) {
  seq += 1
  const [row] = await db
    .insert(contactMessages)
    .values({
      name: `Visiteur ${seq}`,
      email: opts.email ?? `visiteur${seq}@exemple.sn`,
      subject: opts.subject ?? `Sujet numéro ${seq}`,
      message: 'Bonjour, je voudrais des informations.',
      status: opts.status ?? 'new',
    })
    .returning()
  return row!
}
// ---- end of the rows inserted directly ----

// ---- weigh-in (docs/rules/orders.md#weigh-in) -----------------------------------------------------

/** Every kg line of the order weighed at its ordered quantity (no repricing): ready for delivery. */
export async function weighAsOrdered(db: Db, orderId: number) {
  await db
    .update(orderItems)
    .set({ weighedQuantity: sql`${orderItems.quantity}` })
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.unitType, 'kg')))
}

/** An order in preparation whose weighed total waits for the client's agreement. */
export async function awaitingAgreement(db: Db, opts: Parameters<typeof createOrder>[1]) {
  const order = await createOrder(db, { ...opts, status: 'in_preparation' })
  await weighAsOrdered(db, order.id)
  await db
    .update(orders)
    .set({ weighApproval: 'awaiting', orderedTotalAmount: order.totalAmount })
    .where(eq(orders.id, order.id))
  return order
}

/**
 * The body of POST /_api/admin/orders/update-status: a cancellation carries the reason staff must
 * give the client; `from`, the status staff saw, is needed to bring a cancelled order back
 * (docs/rules/orders.md#order-status).
 */
export const statusChange = (orderId: unknown, status: unknown, from?: string) => ({
  orderId,
  status,
  ...(from && { from }),
  ...(status === 'cancelled' && { reason: 'Le produit n’est plus disponible aujourd’hui.' }),
})
