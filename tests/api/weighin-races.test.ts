import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loyaltyTransactions, orderEvents, orderItems, orders, users } from '../../src/server/db/schema'
import { repriceWeighed } from '../../src/shared/domain/weighin'
import { createOrder, grantPoints, post, signedIn, statusChange } from '../factories'
import { pgBase, pgTitle } from '../setup/postgres-only'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * docs/rules/orders.md#weigh-in under real concurrency: weighings, status changes and the client's
 * answers on the same orders at once. The order row lock must serialise them: every stored order
 * is the pricing rule of its stored lines, the ledger equals the balance, and no order left for
 * delivery unweighed or without a needed agreement.
 */
let t: TestApp

const readTotal = async (orderId: number) =>
  (await t.db.select({ total: orders.totalAmount }).from(orders).where(eq(orders.id, orderId)))[0]!.total

describe.skipIf(!pgBase)(pgTitle('weigh-in races on PostgreSQL'), () => {
  let staff: string[]
  beforeAll(async () => {
    t = await createTestApp()
    staff = []
    for (const role of ['root', 'super_admin', 'admin'] as const)
      staff.push((await signedIn(t, role, 'SN')).cookie)
  })
  afterAll(() => t?.close())

  it('weighings, status changes and answers at once leave every order consistent', async () => {
    const client = await signedIn(t, 'client', 'SN')
    await grantPoints(t.db, client.user.id, 60_000)
    const made = []
    for (let i = 0; i < 4; i++)
      made.push(
        await createOrder(t.db, {
          user: { id: client.user.id, displayName: 'Awa', countryId: client.user.countryId },
          status: 'in_preparation',
          pointsUsed: 9000,
          lines: [
            { price: 5000, quantity: 1.5, name: 'Gigot' },
            { price: 8000, quantity: 1, name: 'Filet' },
            { price: 2000, quantity: 2, unitType: 'unit', name: 'Merguez' },
          ],
        }),
      )
    const weights = [1.62, 0.4, 2.9, 1.5, 1.05, 0.8]
    const calls: Promise<{ kind: string; status: number; lines: number }>[] = []
    for (const o of made) {
      const items = await t.db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, o.id))
        .orderBy(orderItems.id)
      weights.forEach((w, i) => {
        const lines = [
          { itemId: items[0]!.id, weighedQuantity: w },
          ...(i % 2 ? [{ itemId: items[1]!.id, weighedQuantity: weights[(i + 2) % 6]! }] : []),
        ]
        calls.push(
          post(t, '/_api/admin/orders/weigh', { orderId: o.id, lines }, staff[i % 3]).then((r) => ({
            kind: `weigh ${o.id}`,
            status: r.statusCode,
            lines: lines.length,
          })),
        )
      })
      // 'in_preparation' after the cancellation brings the order back, saying so (docs/rules/orders.md#order-status).
      for (const status of ['in_delivery', 'in_delivery', 'cancelled', 'in_preparation', 'in_delivery'])
        calls.push(
          post(
            t,
            '/_api/admin/orders/update-status',
            statusChange(o.id, status, status === 'in_preparation' ? 'cancelled' : undefined),
            staff[0],
          ).then((r) => ({
            kind: `status ${o.id}`,
            status: r.statusCode,
            lines: 0,
          })),
        )
      // Each answer names the total its client read a moment before.
      for (const decision of ['accept', 'refuse'])
        calls.push(
          readTotal(o.id)
            .then((total) =>
              post(t, '/_api/orders/weigh-answer', { orderId: o.id, decision, total }, client.cookie),
            )
            .then((r) => ({ kind: `answer ${o.id}`, status: r.statusCode, lines: 0 })),
        )
    }
    const results = await Promise.all(calls)
    expect(results.filter((r) => ![200, 409].includes(r.status))).toEqual([])

    for (const o of made) {
      const [row] = await t.db.select().from(orders).where(eq(orders.id, o.id))
      const items = await t.db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, o.id))
        .orderBy(orderItems.id)
      // Whatever won, the order is the pricing rule of its stored lines.
      const price = repriceWeighed(row!, items)
      expect(items.map((i) => i.totalPrice)).toEqual(price.lineTotals)
      expect(row).toMatchObject({
        subtotalAmount: price.subtotal,
        totalAmount: price.total,
        pointsUsed: price.pointsUsed,
      })
      // Each successful weighing wrote its lines' events, no more.
      const weighed = results
        .filter((r) => r.kind === `weigh ${o.id}` && r.status === 200)
        .reduce((s, r) => s + r.lines, 0)
      const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, o.id))
      expect(events.filter((e) => e.type === 'weighing')).toHaveLength(weighed)
      // Nothing left for delivery unweighed or without a needed agreement.
      if (row!.status === 'in_delivery') {
        expect(items.filter((i) => i.unitType === 'kg').every((i) => i.weighedQuantity != null)).toBe(true)
        expect([null, 'accepted']).toContain(row!.weighApproval)
      }
      // The order's own movements: what it still holds, or nothing once cancelled.
      const [moved] = await t.db
        .select({ n: sql<number>`coalesce(sum(${loyaltyTransactions.points}), 0)::int` })
        .from(loyaltyTransactions)
        .where(eq(loyaltyTransactions.orderId, o.id))
      expect(moved!.n).toBe(row!.status === 'cancelled' ? 0 : -row!.pointsUsed)
    }
    const [u] = await t.db.select().from(users).where(eq(users.id, client.user.id))
    const [ledger] = await t.db
      .select({ n: sql<number>`coalesce(sum(${loyaltyTransactions.points}), 0)::int` })
      .from(loyaltyTransactions)
      .where(eq(loyaltyTransactions.userId, client.user.id))
    expect(u!.loyaltyPoints).toBe(ledger!.n)
  })

  it('an agreement is spent on the total it named only, whatever weighing runs beside it (docs/security/outside-attack.md item 1)', async () => {
    // Gigot 1,5 kg at 5 000 F and 2 merguez at 2 000 F: 11 500 F ordered. Weighed at 1,8 kg the
    // client reads 13 000 F; staff weigh again and again at 1,8 and 6 kg (34 000 F) while the
    // client accepts, refuses and staff note a phone agreement, all naming 13 000 F.
    const client = await signedIn(t, 'client', 'SN')
    const READ = 13_000
    for (let round = 0; round < 4; round++) {
      const o = await createOrder(t.db, {
        user: { id: client.user.id, displayName: 'Awa', countryId: client.user.countryId },
        status: 'in_preparation',
        lines: [
          { price: 5000, quantity: 1.5, name: 'Gigot' },
          { price: 2000, quantity: 2, unitType: 'unit', name: 'Merguez' },
        ],
      })
      const [kg] = await t.db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, o.id))
        .orderBy(orderItems.id)
      const first = await post(
        t,
        '/_api/admin/orders/weigh',
        { orderId: o.id, lines: [{ itemId: kg!.id, weighedQuantity: 1.8 }] },
        staff[0],
      )
      expect(first.statusCode).toBe(200)
      const calls: Promise<number>[] = []
      for (let i = 0; i < 6; i++) {
        calls.push(
          post(
            t,
            '/_api/admin/orders/weigh',
            { orderId: o.id, lines: [{ itemId: kg!.id, weighedQuantity: i % 2 ? 1.8 : 6 }] },
            staff[i % 3],
          ).then((r) => r.statusCode),
          post(
            t,
            '/_api/orders/weigh-answer',
            { orderId: o.id, decision: i % 3 ? 'accept' : 'refuse', total: READ },
            client.cookie,
          ).then((r) => r.statusCode),
          post(
            t,
            '/_api/admin/orders/record-agreement',
            { orderId: o.id, total: READ },
            staff[(i + 1) % 3],
          ).then((r) => r.statusCode),
        )
      }
      expect((await Promise.all(calls)).filter((s) => s !== 200 && s !== 409)).toEqual([])
      // Replay the order's history: every agreement or refusal was given while 13 000 F was the total.
      const events = await t.db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, o.id))
        .orderBy(orderEvents.id)
      let total = o.totalAmount
      for (const e of events) {
        if (e.type === 'total') total = Number(e.toValue)
        if (e.type === 'approval' && e.toValue !== 'awaiting')
          expect({ answer: e.toValue, total }).toEqual({ answer: e.toValue, total: READ })
      }
      const [row] = await t.db.select().from(orders).where(eq(orders.id, o.id))
      if (row!.weighApproval === 'accepted') expect(row!.totalAmount).toBe(READ)
    }
  })
})
