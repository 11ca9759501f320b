import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { cities, loyaltyTransactions, orderEvents, orders, users, zones } from '../../src/server/db/schema'
import { placeOrder } from '../../src/server/services/orders/checkout'
import { movePoints } from '../../src/server/services/money/loyalty'
import { loadOrder } from '../../src/server/services/orders/orders'
import { findSessionUser } from '../../src/server/services/people/users'
import { createOrderInput } from '../../src/shared/schemas/checkout'
import { createProduct, createUser, decode, deliveryIn, postOrder, signedIn } from '../factories'
import {
  type Order,
  t,
  client,
  delivery,
  payload,
  countOrders,
  expect400,
  useCheckoutApp,
} from './orders-create-setup'

/**
 * POST /_api/orders/create (docs/rules/orders.md): the delivery place, discount and points, the
 * Idempotency-Key and its housekeeping, an account changed after the session was read.
 */
useCheckoutApp()

describe('POST /_api/orders/create: the delivery place', () => {
  it('refuses an unknown country, another country than the client’s, and an unknown or inactive city', async () => {
    await expect400(payload({ deliveryCountry: 'Atlantide' }), 'Pays sélectionné introuvable')
    const mali = await deliveryIn(t.db, 'ML')
    await expect400(payload({ ...mali }), 'Vous ne pouvez commander que dans votre pays.')
    await expect400(payload({ deliveryCity: 'Bamako' }), 'Ville sélectionnée introuvable')
    await t.db.update(cities).set({ isActive: false }).where(eq(cities.name, 'Dakar'))
    await expect400(payload(), 'Ville sélectionnée introuvable')
    await t.db.update(cities).set({ isActive: true }).where(eq(cities.name, 'Dakar'))
  })

  it('refuses an inactive zone, an unknown zone, and a zone of another city', async () => {
    const [thies] = await t.db
      .select({ id: zones.id })
      .from(zones)
      .innerJoin(cities, eq(cities.id, zones.cityId))
      .where(eq(cities.name, 'Thiès'))
    await expect400(payload({ zoneId: thies!.id }), "La zone choisie n'appartient pas à la ville indiquée.")
    await expect400(payload({ zoneId: 999999 }), 'Zone de livraison introuvable ou inactive.')
    await t.db.update(zones).set({ isActive: false }).where(eq(zones.id, delivery.zoneId))
    await expect400(payload(), 'Zone de livraison introuvable ou inactive.')
    await t.db.update(zones).set({ isActive: true }).where(eq(zones.id, delivery.zoneId))
  })

  it("charges the zone's fee, free from its threshold, and refuses a subtotal below its minimum", async ({
    onTestFinished,
  }) => {
    onTestFinished(async () => {
      await t.db
        .update(zones)
        .set({ deliveryFee: 0, minOrderAmount: null, freeDeliveryFrom: null })
        .where(eq(zones.id, delivery.zoneId))
    })
    // payload(): 1.5 kg × 9000 + 2 × 4500 = 22 500 F.
    await t.db
      .update(zones)
      .set({ deliveryFee: 1500, minOrderAmount: 25_000, freeDeliveryFrom: null })
      .where(eq(zones.id, delivery.zoneId))
    const refused = await expect400(
      payload(),
      'La commande minimum pour la zone « Plateau » est de 25\u202f000\u00a0F\u202fCFA.',
    )
    expect(refused.fieldErrors).toEqual({ items: [refused.error] })
    await t.db.update(zones).set({ minOrderAmount: 20_000 }).where(eq(zones.id, delivery.zoneId))
    const paid = decode<{ order: Order & { deliveryFeeAmount: number } }>(
      (await postOrder(t, payload(), client.cookie)).body,
    ).order
    expect(paid).toMatchObject({ subtotalAmount: 22_500, deliveryFeeAmount: 1500, totalAmount: 24_000 })
    await t.db.update(zones).set({ freeDeliveryFrom: 22_500 }).where(eq(zones.id, delivery.zoneId))
    const free = decode<{ order: Order & { deliveryFeeAmount: number } }>(
      (await postOrder(t, payload(), client.cookie)).body,
    ).order
    expect(free).toMatchObject({ deliveryFeeAmount: 0, totalAmount: 22_500 })
    // The order keeps the terms it was priced with.
    const [kept] = await t.db.select().from(orders).where(eq(orders.id, free.id))
    expect(kept).toMatchObject({ deliveryFee: 1500, freeDeliveryFrom: 22_500 })
  })

  it('refuses a client without a country', async () => {
    const c = await signedIn(t, 'client', 'SN')
    await t.db.update(users).set({ countryId: null }).where(eq(users.id, c.user.id))
    expect((await expect400(payload(), "Pays de l'utilisateur non défini", c.cookie)).code).toBe(
      'COUNTRY_NOT_SET',
    )
  })
})

describe('POST /_api/orders/create: discount and points', () => {
  it("applies the client's discount: round(subtotal × percent / 100)", async () => {
    const c = await signedIn(t, 'client', 'SN')
    await t.db.update(users).set({ customDiscountPercent: 12.5 }).where(eq(users.id, c.user.id))
    const p = await createProduct(t.db, { pricePerUnit: 3333, unitType: 'kg' })
    const res = await postOrder(t, payload({ items: [{ productId: p.id, quantity: 2.5 }] }), c.cookie)
    const { order } = decode<{ order: Order }>(res.body)
    // 3333 × 2.5 = 8332.5 → 8333; 12.5 % of 8333 = 1041.625 → 1042
    expect(order).toMatchObject({
      subtotalAmount: 8333,
      discountPercent: 12.5,
      discountAmount: 1042,
      totalAmount: 7291,
    })
  })

  it('spends points: debits the balance and writes a redeemed movement in the same order', async () => {
    const c = await signedIn(t, 'client', 'SN')
    await movePoints(t.db, { userId: c.user.id, type: 'bonus', points: 500, description: 'Bienvenue' })
    const res = await postOrder(t, payload({ pointsToUse: 300 }), c.cookie)
    expect(res.statusCode, res.body).toBe(201)
    const { order } = decode<{ order: Order }>(res.body)
    expect(order).toMatchObject({
      subtotalAmount: 22500,
      pointsUsed: 300,
      pointValue: 1,
      pointsDiscountAmount: 300,
      totalAmount: 22200,
    })
    const [u] = await t.db.select().from(users).where(eq(users.id, c.user.id))
    expect(u!.loyaltyPoints).toBe(200)
    const moves = await t.db
      .select()
      .from(loyaltyTransactions)
      .where(eq(loyaltyTransactions.userId, c.user.id))
    expect(moves.map((m) => [m.transactionType, m.points, m.orderId])).toEqual([
      ['bonus', 500, null],
      ['redeemed', -300, order.id],
    ])
  })

  it('refuses more points than the balance, and stores nothing', async () => {
    const c = await signedIn(t, 'client', 'SN')
    await movePoints(t.db, { userId: c.user.id, type: 'bonus', points: 100, description: 'Bienvenue' })
    await expect400(payload({ pointsToUse: 101 }), "Vous n'avez pas assez de points de fidélité.", c.cookie)
    const [u] = await t.db.select().from(users).where(eq(users.id, c.user.id))
    expect(u!.loyaltyPoints).toBe(100)
  })

  it("uses at most the order's worth of points, and debits only those", async () => {
    const c = await signedIn(t, 'client', 'SN')
    await movePoints(t.db, { userId: c.user.id, type: 'bonus', points: 5000, description: 'Bienvenue' })
    const p = await createProduct(t.db, { pricePerUnit: 1200, unitType: 'unit', minQuantity: 1 })
    const res = await postOrder(
      t,
      payload({ items: [{ productId: p.id, quantity: 1 }], pointsToUse: 5000 }),
      c.cookie,
    )
    expect(decode<{ order: Order }>(res.body).order).toMatchObject({ pointsUsed: 1200, totalAmount: 0 })
    const [u] = await t.db.select().from(users).where(eq(users.id, c.user.id))
    expect(u!.loyaltyPoints).toBe(3800)
  })
})

describe('POST /_api/orders/create: Idempotency-Key', () => {
  it('answers the same order (200) for a retried key, a new one for another key or another user', async () => {
    const c = await signedIn(t, 'client', 'SN')
    const first = await postOrder(t, payload(), c.cookie, 'cle-1')
    expect(first.statusCode).toBe(201)
    const again = await postOrder(t, payload(), c.cookie, 'cle-1')
    expect(again.statusCode).toBe(200)
    expect(decode<{ order: Order }>(again.body).order.id).toBe(decode<{ order: Order }>(first.body).order.id)
    expect((await postOrder(t, payload(), c.cookie, 'cle-2')).statusCode).toBe(201)
    expect(await countOrders(c.user.id)).toBe(2)
    const other = await signedIn(t, 'client', 'SN')
    const theirs = await postOrder(t, payload(), other.cookie, 'cle-1')
    expect(theirs.statusCode).toBe(201)
    expect(decode<{ order: Order }>(theirs.body).order.userId).toBe(other.user.id)
  })

  it('lets a key whose first attempt failed be used again', async () => {
    const c = await signedIn(t, 'client', 'SN')
    expect((await postOrder(t, payload({ zoneId: 999999 }), c.cookie, 'retry')).statusCode).toBe(400)
    expect((await postOrder(t, payload(), c.cookie, 'retry')).statusCode).toBe(201)
  })

  it('creates one order for 10 parallel requests with one key, and spends the points once', async () => {
    const c = await signedIn(t, 'client', 'SN')
    await movePoints(t.db, { userId: c.user.id, type: 'bonus', points: 1000, description: 'Bienvenue' })
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => postOrder(t, payload({ pointsToUse: 1000 }), c.cookie, 'parallele')),
    )
    const ids = answers.map((r) => decode<{ order: Order }>(r.body).order.id)
    expect(new Set(ids).size).toBe(1)
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1)
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(9)
    expect(await countOrders(c.user.id)).toBe(1)
    const [u] = await t.db.select().from(users).where(eq(users.id, c.user.id))
    expect(u!.loyaltyPoints).toBe(0)
    const events = await t.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, ids[0]!)))
    expect(events).toHaveLength(1)
  })

  it('refuses an over-long key', async () => {
    const res = await postOrder(t, payload(), client.cookie, 'x'.repeat(201))
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe("Clé d'idempotence invalide.")
  })
})

describe('checkout keys housekeeping', () => {
  it('drops keys older than a day and keeps recent ones', async () => {
    const { purgeOldIdempotencyKeys } = await import('../../src/server/services/orders/checkout')
    const { idempotencyKeys } = await import('../../src/server/db/schema')
    const u = await createUser(t.db)
    await t.db.insert(idempotencyKeys).values([
      { userId: u.id, key: 'old-key', createdAt: new Date(Date.now() - 2 * 86_400_000) },
      { userId: u.id, key: 'new-key' },
    ])
    await purgeOldIdempotencyKeys(t.db)
    const keys = (await t.db.select().from(idempotencyKeys))
      .filter((k) => k.userId === u.id)
      .map((k) => k.key)
    expect(keys).toEqual(['new-key'])
  })
})

describe('checkout with an account that changed after the session was read', () => {
  // placeOrder prices with the session's account and writes only if it still holds (one statement).
  const sessionOf = async (userId: number) => (await findSessionUser(t.db, userId))!
  const input = () => createOrderInput.parse(payload({ notes: null }))

  it('prices again with a discount granted meanwhile', async () => {
    const c = await signedIn(t, 'client', 'SN')
    const stale = await sessionOf(c.user.id)
    await t.db.update(users).set({ customDiscountPercent: 10 }).where(eq(users.id, c.user.id))
    const { order, created } = await placeOrder(t.db, stale, input(), { pointValue: 1 })
    expect(created).toBe(true)
    expect(order.discountPercent).toBe(10)
    expect(order.totalAmount).toBe(order.subtotalAmount - order.discountAmount)
    expect(order.discountAmount).toBe(Math.round((order.subtotalAmount * 10) / 100))
    // The answer built from what was written equals the order read back.
    expect(order).toEqual(await loadOrder(t.db, order.id))
  })

  it('refuses points spent meanwhile, and writes nothing', async () => {
    const c = await signedIn(t, 'client', 'SN')
    await movePoints(t.db, { userId: c.user.id, type: 'bonus', points: 500, description: 'Bienvenue' })
    const stale = await sessionOf(c.user.id)
    await movePoints(t.db, { userId: c.user.id, type: 'redeemed', points: -400, description: 'Ailleurs' })
    await expect(
      placeOrder(t.db, stale, { ...input(), pointsToUse: 300 }, { pointValue: 1 }),
    ).rejects.toMatchObject({
      status: 400,
      message: "Vous n'avez pas assez de points de fidélité.",
    })
    expect(await countOrders(c.user.id)).toBe(0)
    const [u] = await t.db.select().from(users).where(eq(users.id, c.user.id))
    expect(u!.loyaltyPoints).toBe(100)
  })

  it('answers exactly what a later read gives, points, lines and event included', async () => {
    const c = await signedIn(t, 'client', 'SN')
    await movePoints(t.db, { userId: c.user.id, type: 'bonus', points: 200, description: 'Bienvenue' })
    const res = await postOrder(t, payload({ pointsToUse: 150 }), c.cookie, 'lecture')
    expect(res.statusCode).toBe(201)
    const answered = decode<{ order: Order }>(res.body).order
    const replay = await postOrder(t, payload({ pointsToUse: 150 }), c.cookie, 'lecture')
    expect(replay.statusCode).toBe(200)
    expect(decode<{ order: Order }>(replay.body).order).toEqual(answered)
    const ledger = await t.db
      .select()
      .from(loyaltyTransactions)
      .where(eq(loyaltyTransactions.orderId, answered.id))
    expect(ledger.map((l) => [l.transactionType, l.points])).toEqual([['redeemed', -150]])
  })
})
