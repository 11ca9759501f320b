import { and, asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../src/server/db/client'
import type { TestApp } from '../setup/test-app'
import { movePoints } from '../../src/server/services/money/loyalty'
import type { OrderStatus } from '../../src/shared/domain/order-status'
import { priceOrder } from '../../src/shared/domain/pricing'
import {
  cities,
  contactMessages,
  countries,
  orderEvents,
  orderItems,
  orders,
  products,
  zones,
} from '../../src/server/db/schema'
import { nextSeq, countryByCode, firstZoneOf } from './people'

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
  const seq = nextSeq()
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
  const seq = nextSeq()
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
