import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { loyaltyTransactions, orderEvents, orders } from '../../src/server/db/schema'
import {
  createOrder,
  createProduct,
  decode,
  deliveryIn,
  get,
  grantPoints,
  postOrder,
  signedIn,
  weighAsOrdered,
} from '../factories'
import type { TestApp } from '../setup/test-app'
import { orderStatusFixture, type Cookies, type Order, type Staff } from './order-status-fixture'

/**
 * What a status change does to an order's payment and its client's points
 * (docs/rules/orders.md#order-status), changes of one order at once, and an order placed through
 * the checkout. The details and the change itself: admin-order-status.test.ts.
 */

const { f, setStatus, reactivate, client, points } = orderStatusFixture()
let t: TestApp
let staff: Staff
let cookies: Cookies
beforeAll(() => {
  ;({ t, staff, cookies } = f)
})

describe('status changes: payment and points', () => {
  it('delivered → cancelled → delivered keeps the ledger equal to its movements and to the balance', async () => {
    const c = await client()
    await grantPoints(t.db, c.id, 1000)
    // 2 × 5000 = 10 000, minus 300 points: total 9 700, earns 97 points when delivered.
    const o = await createOrder(t.db, {
      user: c,
      lines: [{ price: 5000, quantity: 2, unitType: 'unit' }],
      pointsUsed: 300,
    })
    expect(o.totalAmount).toBe(9700)
    expect(await points(c.id, o.id)).toEqual({ balance: 700, ledger: 700, order: { redeemed: -300 } })

    let order = decode<{ order: Order }>((await setStatus(o.id, 'delivered')).body).order
    expect(order).toMatchObject({ status: 'delivered', paymentStatus: 'paid', pointsEarned: 97 })
    expect(await points(c.id, o.id)).toEqual({
      balance: 797,
      ledger: 797,
      order: { redeemed: -300, earned: 97 },
    })

    order = decode<{ order: Order }>((await setStatus(o.id, 'cancelled')).body).order
    expect(order).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', pointsEarned: 0 })
    // The points taken back are a reversal, never a negative "earned".
    expect(await points(c.id, o.id)).toEqual({
      balance: 1000,
      ledger: 1000,
      order: { redeemed: 0, earned: 97, reversed: -97 },
    })

    order = decode<{ order: Order }>((await reactivate(o.id, 'delivered')).body).order
    expect(order).toMatchObject({ status: 'delivered', paymentStatus: 'paid', pointsEarned: 97 })
    expect(await points(c.id, o.id)).toEqual({
      balance: 797,
      ledger: 797,
      order: { redeemed: -300, earned: 194, reversed: -97 },
    })

    expect(order.events.map((e) => `${e.type}:${e.fromValue ?? ''}>${e.toValue}`)).toEqual([
      'created:>pending',
      'status:pending>delivered',
      'payment:pending>paid',
      'status:delivered>cancelled',
      'payment:paid>refunded',
      'status:cancelled>delivered',
      'payment:refunded>paid',
    ])
  })

  it('leaving delivered takes the points back and the order stays paid', async () => {
    const c = await client()
    const o = await createOrder(t.db, { user: c, lines: [{ price: 12_345, quantity: 1, unitType: 'unit' }] })
    await setStatus(o.id, 'delivered')
    expect((await points(c.id, o.id)).balance).toBe(123)
    const { order } = decode<{ order: Order }>((await setStatus(o.id, 'in_delivery')).body)
    expect(order).toMatchObject({ status: 'in_delivery', paymentStatus: 'paid', pointsEarned: 0 })
    expect(await points(c.id, o.id)).toEqual({
      balance: 0,
      ledger: 0,
      order: { earned: 123, reversed: -123 },
    })
    const [reversal] = await t.db
      .select({ points: loyaltyTransactions.points, description: loyaltyTransactions.description })
      .from(loyaltyTransactions)
      .where(
        sql`${loyaltyTransactions.orderId} = ${o.id} and ${loyaltyTransactions.transactionType} = 'reversed'`,
      )
    expect(reversal).toEqual({
      points: -123,
      description: `Points repris : commande #${o.id} n'est plus livrée`,
    })
  })

  it('cancelling an unpaid order gives back its points and leaves the payment pending', async () => {
    const c = await client()
    await grantPoints(t.db, c.id, 50)
    const o = await createOrder(t.db, { user: c, pointsUsed: 50 })
    const { order } = decode<{ order: Order }>((await setStatus(o.id, 'cancelled')).body)
    expect(order).toMatchObject({ status: 'cancelled', paymentStatus: 'pending' })
    expect(order.events.filter((e) => e.type === 'payment')).toEqual([])
    expect(await points(c.id, o.id)).toEqual({ balance: 50, ledger: 50, order: { redeemed: 0 } })
  })

  it('leaving cancelled needs the points again: 409 with a French message when they are spent', async () => {
    const c = await client()
    await grantPoints(t.db, c.id, 100)
    const o = await createOrder(t.db, { user: c, pointsUsed: 100 })
    await setStatus(o.id, 'cancelled')
    await createOrder(t.db, { user: c, pointsUsed: 60 }) // spends 60 of the 100 given back
    const res = await reactivate(o.id, 'pending')
    expect(res.statusCode).toBe(409)
    expect(res.json().error).toBe('Le client n’a plus assez de points pour réactiver cette commande.')
    const [row] = await t.db.select().from(orders).where(eq(orders.id, o.id))
    expect(row!.status).toBe('cancelled')
    expect(await points(c.id, o.id)).toEqual({ balance: 40, ledger: 40, order: { redeemed: 0 } })
  })

  it('cancelling a delivered order whose earned points are spent still works when its refund covers them', async () => {
    // Found by tests/api/races.test.ts: the take-back ran before the refund and broke
    // the balance's >= 0 check midway, a 500, although the net movement was positive.
    const c = await client()
    await grantPoints(t.db, c.id, 500)
    const o = await createOrder(t.db, {
      user: c,
      lines: [{ price: 25_000, quantity: 1, unitType: 'unit' }],
      pointsUsed: 500,
    })
    await setStatus(o.id, 'delivered') // +245
    await createOrder(t.db, { user: c, pointsUsed: 245 }) // spends them: balance 0
    const res = await setStatus(o.id, 'cancelled')
    expect(res.statusCode, res.body).toBe(200)
    expect(await points(c.id, o.id)).toEqual({
      balance: 255,
      ledger: 255,
      order: { redeemed: 0, earned: 245, reversed: -245 },
    })
  })

  it('cannot take back earned points the client has already spent (409), and changes nothing', async () => {
    const c = await client()
    const o = await createOrder(t.db, { user: c, lines: [{ price: 10_000, quantity: 1, unitType: 'unit' }] })
    await setStatus(o.id, 'delivered') // +100
    await createOrder(t.db, { user: c, pointsUsed: 100 })
    const res = await setStatus(o.id, 'pending')
    expect(res.statusCode).toBe(409)
    expect(res.json().error).toContain('déjà dépensé')
    const [row] = await t.db.select().from(orders).where(eq(orders.id, o.id))
    expect(row).toMatchObject({ status: 'delivered', pointsEarned: 100 })
  })
})

describe('concurrent status changes of one order', () => {
  it('dates an event when it is written, not when its transaction began (a change that waited on a lock reads after the one it waited on)', async () => {
    const o = await createOrder(t.db, { user: await client() })
    const { began, written } = await t.db.transaction(async (tx) => {
      const { rows } = (await tx.execute(sql`select now()::text as began, pg_sleep(0.05)`)) as unknown as {
        rows: { began: string }[]
      }
      const row = rows[0]
      const [event] = await tx
        .insert(orderEvents)
        .values({ orderId: o.id, type: 'status', fromValue: 'pending', toValue: 'confirmed' })
        .returning({ createdAt: orderEvents.createdAt })
      return { began: new Date(row!.began), written: event!.createdAt }
    })
    expect(written.getTime() - began.getTime()).toBeGreaterThanOrEqual(40)
  })

  it('two identical changes: one succeeds, the other answers 409; the points are credited once', async () => {
    const c = await client()
    const o = await createOrder(t.db, { user: c, lines: [{ price: 20_000, quantity: 1, unitType: 'unit' }] })
    const answers = await Promise.all([
      setStatus(o.id, 'delivered'),
      setStatus(o.id, 'delivered', cookies.admin),
    ])
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409])
    expect(await points(c.id, o.id)).toEqual({ balance: 200, ledger: 200, order: { earned: 200 } })
  })

  it('delivered and cancelled at once: the cancel stands, and the order stays consistent', async () => {
    // docs/rules/orders.md#order-status, "a change made on what staff saw": a delivery after the
    // cancel did not see it and is refused (409); a cancel after the delivery applies.
    const c = await client()
    await grantPoints(t.db, c.id, 500)
    const o = await createOrder(t.db, {
      user: c,
      lines: [{ price: 30_000, quantity: 1, unitType: 'unit' }],
      pointsUsed: 500,
    })
    const [delivered, cancelled] = (
      await Promise.all([setStatus(o.id, 'delivered'), setStatus(o.id, 'cancelled', cookies.admin)])
    ).map((r) => r.statusCode)
    expect(cancelled).toBe(200)
    expect([200, 409]).toContain(delivered)
    const { order } = decode<{ order: Order }>(
      (await get(t, `/_api/orderdetails?orderId=${o.id}`, staff.cookie)).body,
    )
    const statusEvents = order.events.filter((e) => e.type === 'status')
    expect(statusEvents).toHaveLength(delivered === 200 ? 2 : 1)
    expect(statusEvents[0]!.fromValue).toBe('pending')
    expect(statusEvents.at(-1)!.toValue).toBe('cancelled')
    if (statusEvents.length === 2) expect(statusEvents[1]!.fromValue).toBe(statusEvents[0]!.toValue)
    expect(order).toMatchObject({ status: 'cancelled', pointsEarned: 0 })
    const p = await points(c.id, o.id)
    expect(p.balance).toBe(p.ledger)
    expect(p.balance).toBe(500)
    if (delivered === 200) {
      // delivered first (295 earned), then cancelled (earned reversed, the 500 given back)
      expect(order).toMatchObject({ paymentStatus: 'refunded' })
      expect(p).toEqual({ balance: 500, ledger: 500, order: { redeemed: 0, earned: 295, reversed: -295 } })
    }
  })
})

describe('an order placed through the checkout', () => {
  it('cancelled gives back the points it spent; delivered then credits the points of its total', async () => {
    const { user, cookie } = await signedIn(t, 'client', 'SN')
    await grantPoints(t.db, user.id, 400)
    const product = await createProduct(t.db, { pricePerUnit: 8000, unitType: 'kg' })
    const res = await postOrder(
      t,
      { items: [{ productId: product.id, quantity: 2 }], ...(await deliveryIn(t.db)), pointsToUse: 400 },
      cookie,
    )
    expect(res.statusCode, res.body).toBe(201)
    const placed = decode<{ order: Order }>(res.body).order
    await weighAsOrdered(t.db, placed.id) // docs/rules/orders.md#weigh-in: weighed before it leaves
    expect(placed).toMatchObject({ totalAmount: 15_600, pointsUsed: 400 })
    expect(await points(user.id, placed.id)).toEqual({ balance: 0, ledger: 0, order: { redeemed: -400 } })

    expect((await setStatus(placed.id, 'cancelled')).statusCode).toBe(200)
    expect(await points(user.id, placed.id)).toEqual({ balance: 400, ledger: 400, order: { redeemed: 0 } })
    const { order } = decode<{ order: Order }>((await reactivate(placed.id, 'delivered')).body)
    expect(order).toMatchObject({ status: 'delivered', paymentStatus: 'paid', pointsEarned: 156 })
    expect(await points(user.id, placed.id)).toEqual({
      balance: 156,
      ledger: 156,
      order: { redeemed: -400, earned: 156 },
    })
  })
})
