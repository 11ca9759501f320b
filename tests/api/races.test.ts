import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cashEntries, loyaltyTransactions, orderEvents, orders, users } from '../../src/server/db/schema'
import {
  createOrder,
  createProduct,
  createUser,
  deliveryIn,
  grantPoints,
  login,
  post,
  postOrder,
  signedIn,
  statusChange,
} from '../factories'
import { pgBase, pgTitle } from '../setup/postgres-only'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * Races that only a real PostgreSQL can show: many requests at once on one client's points and
 * on one order's status. The row locks of services/money/loyalty.ts (lockUser) and
 * services/orders/order-status.ts (the order row FOR UPDATE) must serialise them.
 */
let t: TestApp

/** A user's balance and the sum of its ledger. */
async function pointsOf(userId: number) {
  const [u] = await t.db.select({ balance: users.loyaltyPoints }).from(users).where(eq(users.id, userId))
  const [s] = await t.db
    .select({ n: sql<number>`coalesce(sum(${loyaltyTransactions.points}), 0)::int` })
    .from(loyaltyTransactions)
    .where(eq(loyaltyTransactions.userId, userId))
  return { balance: u!.balance, ledger: s!.n }
}

/** An order's movements by type (earned, redeemed), summed, and how many rows of each. */
async function movementsOf(orderId: number) {
  const rows = await t.db
    .select({ type: loyaltyTransactions.transactionType, points: loyaltyTransactions.points })
    .from(loyaltyTransactions)
    .where(eq(loyaltyTransactions.orderId, orderId))
  const sum = (type: string) => rows.filter((r) => r.type === type).reduce((s, r) => s + r.points, 0)
  // Points taken back when an order leaves "delivered" are a reversal (docs/rules/money.md#points):
  // what an order has earned is its credits net of them.
  return { rows, earned: sum('earned') + sum('reversed'), redeemed: sum('redeemed') }
}

describe.skipIf(!pgBase)(pgTitle('races on PostgreSQL'), () => {
  let staff: string[]
  let drivers: { user: { id: number }; cookie: string }[]

  beforeAll(async () => {
    t = await createTestApp()
    staff = []
    for (const [role, country] of [
      ['root', 'SN'],
      ['super_admin', 'SN'],
      ['admin', 'SN'],
      ['admin', 'SN'],
    ] as const) {
      staff.push((await signedIn(t, role, country)).cookie)
    }
    drivers = [await signedIn(t, 'delivery_driver', 'SN'), await signedIn(t, 'delivery_driver', 'SN')]
  }, 60_000)
  afterAll(() => t?.close())

  it('50 parallel checkouts spending one client’s points never spend more than the balance', async () => {
    const client = await signedIn(t, 'client', 'SN')
    await grantPoints(t.db, client.user.id, 1000)
    const product = await createProduct(t.db, { pricePerUnit: 10_000, unitType: 'kg' })
    const delivery = await deliveryIn(t.db, 'SN')
    // Amounts of 40 to 280 points: together far more than the 1000 held.
    const spends = Array.from({ length: 50 }, (_, i) => 40 + ((i * 37) % 241))
    // As the cart page sends them: most with their own Idempotency-Key, some without.
    const answers = await Promise.all(
      spends.map((pointsToUse, i) =>
        postOrder(
          t,
          { items: [{ productId: product.id, quantity: 1 }], ...delivery, pointsToUse },
          client.cookie,
          i % 5 === 0 ? undefined : `race-${i}`,
        ),
      ),
    )
    const statuses = answers.map((r) => r.statusCode)
    expect(
      statuses.every((s) => s === 201 || s === 400),
      statuses.join(','),
    ).toBe(true)
    for (const r of answers.filter((a) => a.statusCode === 400)) {
      expect(r.json().error).toBe("Vous n'avez pas assez de points de fidélité.")
    }

    const placed = await t.db.select().from(orders).where(eq(orders.userId, client.user.id))
    expect(placed.length).toBe(statuses.filter((s) => s === 201).length)
    expect(placed.length).toBeGreaterThan(0)
    const spent = placed.reduce((s, o) => s + o.pointsUsed, 0)
    expect(spent).toBeLessThanOrEqual(1000)
    const { balance, ledger } = await pointsOf(client.user.id)
    expect(balance).toBe(1000 - spent)
    expect(ledger).toBe(balance)
    // Each refusal saw a balance below its amount, and balances only went down: the final
    // balance is below every refused amount (no refusal was spurious).
    const refused = spends.filter((_, i) => answers[i]!.statusCode === 400)
    for (const amount of refused) expect(balance).toBeLessThan(amount)
    // Each order spent what it asked, and has exactly its one debit.
    for (const o of placed) {
      const m = await movementsOf(o.id)
      expect(m.rows).toHaveLength(1)
      expect(m.redeemed).toBe(-o.pointsUsed)
    }
  })

  it('many staff marking one order delivered, with its driver confirming, credit its points once', async () => {
    const client = await createUser(t.db, { country: 'SN' })
    const driver = drivers[0]!
    // Several orders at once, so the races overlap each other too.
    const made = await Promise.all(
      Array.from({ length: 5 }, () =>
        createOrder(t.db, {
          user: client,
          lines: [{ price: 12_345, quantity: 1, unitType: 'unit' }],
          status: 'in_delivery',
          driverId: driver.user.id,
        }),
      ),
    )
    const calls = made.flatMap((o) => [
      ...staff.flatMap((cookie) =>
        [0, 1].map(() =>
          post(t, '/_api/admin/orders/update-status', { orderId: o.id, status: 'delivered' }, cookie),
        ),
      ),
      ...[0, 1, 2, 3].map(() => post(t, '/_api/delivery/confirm', { orderId: o.id }, driver.cookie)),
    ])
    const answers = await Promise.all(calls)
    const perOrder = answers.length / made.length
    for (let i = 0; i < made.length; i++) {
      const mine = answers.slice(i * perOrder, (i + 1) * perOrder).map((r) => r.statusCode)
      expect(
        mine.filter((s) => s === 200),
        mine.join(','),
      ).toHaveLength(1)
      expect(
        mine.filter((s) => s !== 200).every((s) => s === 409),
        mine.join(','),
      ).toBe(true)
    }
    for (const o of made) {
      const [row] = await t.db.select().from(orders).where(eq(orders.id, o.id))
      expect(row).toMatchObject({ status: 'delivered', paymentStatus: 'paid', pointsEarned: 123 })
      const m = await movementsOf(o.id)
      expect(m.rows).toEqual([{ type: 'earned', points: 123 }])
      const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, o.id))
      expect(events.filter((e) => e.type === 'status' && e.toValue === 'delivered')).toHaveLength(1)
      expect(events.filter((e) => e.type === 'payment' && e.toValue === 'paid')).toHaveLength(1)
    }
    expect(await pointsOf(client.id)).toEqual({ balance: 5 * 123, ledger: 5 * 123 })
  })

  it('a storm of status changes, confirmations and checkouts keeps every order’s points equal to its movements', async () => {
    const { user: client, cookie } = await signedIn(t, 'client', 'SN')
    await grantPoints(t.db, client.id, 3000)
    const product = await createProduct(t.db, { pricePerUnit: 5000, unitType: 'unit', minQuantity: 1 })
    const delivery = await deliveryIn(t.db, 'SN')
    const driver = drivers[1]!
    const made = await Promise.all(
      [0, 500, 0, 1000].map((pointsUsed) =>
        createOrder(t.db, {
          user: client,
          lines: [{ price: 25_000, quantity: 1, unitType: 'unit' }],
          status: 'in_delivery',
          driverId: driver.user.id,
          pointsUsed,
        }),
      ),
    )
    const targets = [
      'delivered',
      'cancelled',
      'pending',
      'delivered',
      'in_delivery',
      'delivered',
      'cancelled',
      'delivered',
    ]
    // The change after a cancellation brings the order back when it is still cancelled, saying so
    // (docs/rules/orders.md#order-status).
    const from = (i: number) => (targets[i - 1] === 'cancelled' ? 'cancelled' : undefined)
    const calls = made.flatMap((o) => [
      ...targets.map((status, i) =>
        post(
          t,
          '/_api/admin/orders/update-status',
          statusChange(o.id, status, from(i)),
          staff[i % staff.length]!,
        ),
      ),
      post(t, '/_api/delivery/confirm', { orderId: o.id }, driver.cookie),
      post(t, '/_api/delivery/confirm', { orderId: o.id }, driver.cookie),
      // docs/rules/money.md#partly-paid: a short collection, whose rest is paid meanwhile.
      post(
        t,
        '/_api/delivery/confirm',
        { orderId: o.id, cashCollected: 12_345, cashReason: 'Le client paiera le reste' },
        driver.cookie,
      ),
    ])
    const rests = made.flatMap((o) => [
      post(t, '/_api/admin/orders/collect-rest', { orderId: o.id, amount: 1_000 }, staff[0]!),
      post(t, '/_api/delivery/collect-rest', { orderId: o.id }, driver.cookie),
    ])
    // Meanwhile the client spends points on new orders: both sides lock the client's row.
    const checkouts = Array.from({ length: 10 }, () =>
      postOrder(
        t,
        { items: [{ productId: product.id, quantity: 1 }], ...delivery, pointsToUse: 300 },
        cookie,
      ),
    )
    const [answers, bought, restAnswers] = await Promise.all([
      Promise.all(calls),
      Promise.all(checkouts),
      Promise.all(rests),
    ])
    expect(
      restAnswers.every((r) => r.statusCode === 200 || r.statusCode === 409 || r.statusCode === 400),
      restAnswers.map((r) => `${r.statusCode} ${r.body}`).join(','),
    ).toBe(true)
    expect(
      answers.every((r) => r.statusCode < 500),
      answers.map((r) => r.statusCode).join(','),
    ).toBe(true)
    expect(
      bought.every((r) => r.statusCode === 201 || r.statusCode === 400),
      bought.map((r) => r.statusCode).join(','),
    ).toBe(true)

    const perOrder = targets.length + 3
    for (const [k, o] of made.entries()) {
      const [row] = await t.db.select().from(orders).where(eq(orders.id, o.id))
      const m = await movementsOf(o.id)
      // What the order says it earned and spent is exactly what its movements add up to.
      expect(m.earned).toBe(row!.pointsEarned)
      const spent = row!.status === 'cancelled' ? 0 : row!.pointsUsed
      expect(m.redeemed + spent, `order ${o.id} ${row!.status}`).toBe(0)
      // The points of what was paid (docs/rules/money.md#points), once delivered.
      expect(row!.pointsEarned).toBe(
        row!.status === 'delivered' ? Math.floor(Math.min(row!.amountPaid, row!.totalAmount) / 100) : 0,
      )
      if (row!.status === 'delivered')
        expect(row!.paymentStatus).toBe(row!.amountPaid >= row!.totalAmount ? 'paid' : 'partly_paid')
      // What was paid is what the drivers collected for it (every accepted collection wrote one entry).
      const cash = await t.db.select().from(cashEntries).where(eq(cashEntries.orderId, o.id))
      expect(cash.reduce((sum, e) => sum + e.amount, 0)).toBe(row!.amountPaid)
      const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, o.id))
      const statusEvents = events.filter((e) => e.type === 'status')
      // Every accepted change wrote one event, and the changes chain: each starts where the last ended.
      const accepted = answers.slice(k * perOrder, (k + 1) * perOrder).filter((r) => r.statusCode === 200)
      expect(statusEvents).toHaveLength(accepted.length)
      statusEvents.sort((a, b) => a.id - b.id)
      let at = 'in_delivery'
      for (const e of statusEvents) {
        expect(e.fromValue).toBe(at)
        at = e.toValue!
      }
      expect(at).toBe(row!.status)
    }
    const madeIds = new Set(made.map((o) => o.id))
    const placed = (await t.db.select().from(orders).where(eq(orders.userId, client.id))).filter(
      (o) => !madeIds.has(o.id),
    )
    expect(placed).toHaveLength(bought.filter((b) => b.statusCode === 201).length)
    for (const o of placed)
      expect((await movementsOf(o.id)).rows).toEqual([{ type: 'redeemed', points: -300 }])
    const p = await pointsOf(client.id)
    expect(p.balance).toBe(p.ledger)
    expect(p.balance).toBeGreaterThanOrEqual(0)
  })

  it('signing in many times at once gives each request its own working session', async () => {
    const user = await createUser(t.db, { country: 'SN' })
    const cookies = await Promise.all(Array.from({ length: 10 }, () => login(t, user.email)))
    expect(new Set(cookies).size).toBe(10)
    for (const cookie of cookies) {
      expect(
        (await t.app.inject({ method: 'GET', url: '/_api/auth/session', headers: { cookie } })).statusCode,
      ).toBe(200)
    }
  })
})
