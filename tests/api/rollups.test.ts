import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderItems, orders } from '../../src/server/db/schema'
import { orderStatuses } from '../../src/shared/domain/order-status'
import {
  foldRollups,
  orderCount,
  orderTotalsByCountry,
  topProducts,
} from '../../src/server/services/money/stats'
import { createProduct, createUser, deliveryIn, insertOrder, postOrder, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * The dashboards read rollups that triggers keep in step with orders (drizzle/0004): after any
 * mix of writes and folds, they must equal a recount from the orders, and every dashboard
 * figure must equal the same figure computed from the orders directly.
 */
let t: TestApp
type Product = Awaited<ReturnType<typeof createProduct>>
const people: Record<string, number> = {}
const catalogue: Record<string, Product[]> = {}
const countryIds: number[] = []
beforeAll(async () => {
  t = await createTestApp()
  for (const code of ['SN', 'ML']) {
    people[code] = (await createUser(t.db, { role: 'client', country: code })).id
    catalogue[code] = []
    for (let i = 0; i < 4; i++)
      catalogue[code].push(
        await createProduct(t.db, {
          country: code,
          name: `P${code}${i}`,
          pricePerUnit: 1000 * (i + 1),
          unitType: i % 2 ? 'unit' : 'kg',
        }),
      )
    countryIds.push(catalogue[code][0]!.countryId)
  }
})
afterAll(() => t.close())

const rows = async <T>(q: ReturnType<typeof sql>) =>
  ((await t.db.execute(q)) as unknown as { rows: T[] }).rows

/** The rollup tables as they are, and as a recount from the orders says they should be (zero rows aside). */
async function rollupsAndRecount() {
  const actualOrders =
    await rows(sql`select grain, period::text, country_id, orders::float8, revenue::float8 from order_rollups
    where orders <> 0 or revenue <> 0 order by 1, 2, 3`)
  const expectedOrders =
    await rows(sql`select p.grain, p.period::text, o.country_id, count(*)::float8 as orders,
      coalesce(sum(o.total_amount) filter (where o.status <> 'cancelled'), 0)::float8 as revenue
    from orders o cross join lateral etal_periods(o.created_at) p group by 1, 2, 3 order by 1, 2, 3`)
  const actualProducts =
    await rows(sql`select grain, period::text, country_id, product_id, quantity::float8, revenue::float8
    from product_rollups where quantity <> 0 or revenue <> 0 order by 1, 2, 3, 4`)
  const expectedProducts =
    await rows(sql`select p.grain, p.period::text, o.country_id, i.product_id, sum(i.quantity)::float8 as quantity,
      sum(i.total_price)::float8 as revenue
    from order_items i join orders o on o.id = i.order_id cross join lateral etal_periods(o.created_at) p
    where o.status <> 'cancelled' group by 1, 2, 3, 4 order by 1, 2, 3, 4`)
  const actualCounts =
    await rows(sql`select city_id, zone_id, status::text, country_id, orders::float8 from order_counts
    where orders <> 0 order by 1, 2, 3, 4`)
  const expectedCounts =
    await rows(sql`select city_id, zone_id, status::text, country_id, count(*)::float8 as orders
    from orders group by 1, 2, 3, 4 order by 1, 2, 3, 4`)
  return { actualOrders, expectedOrders, actualProducts, expectedProducts, actualCounts, expectedCounts }
}

const START = Date.parse('2026-01-25T00:00:00Z')
const SPAN = 70 * 86_400_000
const when = fc.integer({ min: 0, max: SPAN }).map((ms) => new Date(START + ms))
const status = fc.constantFrom(...orderStatuses)
const code = fc.constantFrom('SN', 'ML')
const lines = fc.array(
  fc.record({ i: fc.integer({ min: 0, max: 3 }), quantity: fc.integer({ min: 1, max: 5 }) }),
  { minLength: 1, maxLength: 3 },
)

/** One write of any kind the app or an operator could make. */
const write = fc.oneof(
  fc.record({ op: fc.constant('insert' as const), code, when, status, lines }),
  fc.record({ op: fc.constant('status' as const), pick: fc.nat(), status }),
  fc.record({
    op: fc.constant('amount' as const),
    pick: fc.nat(),
    amount: fc.integer({ min: 0, max: 50_000 }),
  }),
  fc.record({ op: fc.constant('move' as const), pick: fc.nat(), when }),
  fc.record({ op: fc.constant('relocate' as const), pick: fc.nat(), zone: fc.nat() }),
  fc.record({ op: fc.constant('line' as const), pick: fc.nat(), quantity: fc.integer({ min: 1, max: 9 }) }),
  fc.record({ op: fc.constant('dropLine' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('deleteOrder' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('bulkStatus' as const), code, status }),
  fc.record({ op: fc.constant('insertThenCancel' as const), code, when, lines }),
  fc.record({ op: fc.constant('fold' as const) }),
)
type Write = typeof write extends fc.Arbitrary<infer W> ? W : never

async function pickOrder(n: number) {
  const ids = await rows<{ id: number }>(sql`select id from orders order by id`)
  return ids.length ? ids[n % ids.length]!.id : null
}

async function apply(w: Write) {
  const db = t.db
  switch (w.op) {
    case 'insert':
      await insertOrder(db, {
        userId: people[w.code]!,
        createdAt: w.when,
        status: w.status,
        lines: w.lines.map((l) => ({ product: catalogue[w.code]![l.i]!, quantity: l.quantity })),
      })
      return
    case 'insertThenCancel':
      await db.transaction(async (tx) => {
        const o = await insertOrder(tx as never, {
          userId: people[w.code]!,
          createdAt: w.when,
          lines: w.lines.map((l) => ({ product: catalogue[w.code]![l.i]!, quantity: l.quantity })),
        })
        await tx
          .update(orders)
          .set({ status: 'cancelled' })
          .where(sql`id = ${o.id}`)
      })
      return
    case 'fold':
      await foldRollups(db)
      return
    case 'bulkStatus':
      await db
        .update(orders)
        .set({ status: w.status })
        .where(sql`country_id = ${catalogue[w.code]![0]!.countryId}`)
      return
  }
  const id = await pickOrder(w.pick)
  if (id == null) return
  switch (w.op) {
    case 'status':
      await db
        .update(orders)
        .set({ status: w.status })
        .where(sql`id = ${id}`)
      return
    case 'amount':
      await db
        .update(orders)
        .set({ totalAmount: w.amount })
        .where(sql`id = ${id}`)
      return
    case 'move':
      await db
        .update(orders)
        .set({ createdAt: w.when })
        .where(sql`id = ${id}`)
      return
    case 'relocate': {
      // Another zone and its city (of any country: the counts must follow whatever is written).
      const places = await rows<{ zone_id: number; city_id: number }>(
        sql`select id as zone_id, city_id from zones order by id`,
      )
      const place = places[w.zone % places.length]!
      await db
        .update(orders)
        .set({ zoneId: place.zone_id, cityId: place.city_id })
        .where(sql`id = ${id}`)
      return
    }
    case 'line':
      await db
        .update(orderItems)
        .set({ quantity: w.quantity, totalPrice: sql`unit_price * ${w.quantity}` })
        .where(sql`order_id = ${id}`)
      return
    case 'dropLine':
      await db.execute(
        sql`delete from order_items where id = (select min(id) from order_items where order_id = ${id})`,
      )
      return
    case 'deleteOrder':
      await db.execute(sql`delete from loyalty_transactions where order_id = ${id}`)
      await db.delete(orders).where(sql`id = ${id}`)
  }
}

describe('dashboard rollups', () => {
  it('equal a recount from the orders after any mix of writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 12 }), async (writes) => {
        for (const w of writes) await apply(w)
        await foldRollups(t.db)
        const r = await rollupsAndRecount()
        expect(r.actualOrders).toEqual(r.expectedOrders)
        expect(r.actualProducts).toEqual(r.expectedProducts)
        expect(r.actualCounts).toEqual(r.expectedCounts)
      }),
      { numRuns: 25 },
    )
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from orders`))[0]!.n).toBeGreaterThan(0)
  })

  it('count the orders a checkout writes (one statement: order, lines and their triggers together)', async () => {
    const c = await signedIn(t, 'client', 'SN')
    const delivery = await deliveryIn(t.db, 'SN')
    for (const n of [1, 2, 3]) {
      const items = catalogue
        .SN!.slice(0, n)
        .map((p) => ({ productId: p.id, quantity: p.unitType === 'kg' ? 1.5 : 2 }))
      const res = await postOrder(t, { items, ...delivery, pointsToUse: 0 }, c.cookie)
      expect(res.statusCode, res.body).toBe(201)
    }
    await foldRollups(t.db)
    const r = await rollupsAndRecount()
    expect(r.actualOrders).toEqual(r.expectedOrders)
    expect(r.actualProducts).toEqual(r.expectedProducts)
    expect(r.actualCounts).toEqual(r.expectedCounts)
  })

  it('give every dashboard figure the orders themselves give, for any range and country, folded or not', async () => {
    // Some differences wait in the deltas, as they do between two folds.
    for (const w of fc.sample(
      write.filter((x) => x.op !== 'fold'),
      { numRuns: 15, seed: 42 },
    ))
      await apply(w)
    const bound = fc.oneof(
      when,
      when.map((d) => new Date(Math.floor(d.getTime() / 86_400_000) * 86_400_000)),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.option(bound, { nil: undefined }),
        fc.option(bound, { nil: undefined }),
        fc.option(fc.constantFrom(...countryIds), { nil: undefined }),
        async (a, b, countryId) => {
          const [start, endExclusive] = a && b && a > b ? [b, a] : [a, b]
          const where = sql.join(
            [
              sql`true`,
              ...(start ? [sql`o.created_at >= ${start.toISOString()}::timestamptz`] : []),
              ...(endExclusive ? [sql`o.created_at < ${endExclusive.toISOString()}::timestamptz`] : []),
              ...(countryId ? [sql`o.country_id = ${countryId}`] : []),
            ],
            sql` and `,
          )
          const expectedTotals = await rows<{
            country_id: number
            orders: number
            revenue: number
          }>(sql`select o.country_id, count(*)::float8 as orders,
            coalesce(sum(o.total_amount) filter (where o.status <> 'cancelled'), 0)::float8 as revenue from orders o where ${where} group by 1`)
          const totals = await orderTotalsByCountry(t.db, { countryId, start, endExclusive })
          expect(Object.fromEntries([...totals].filter(([, v]) => v.totalOrders > 0))).toEqual(
            Object.fromEntries(
              expectedTotals.map((r) => [r.country_id, { totalOrders: r.orders, totalRevenue: r.revenue }]),
            ),
          )
          const expectedTop = await rows<{
            product_id: number
            quantity: number
            revenue: number
          }>(sql`select i.product_id, sum(i.quantity)::float8 as quantity,
            sum(i.total_price)::float8 as revenue from order_items i join orders o on o.id = i.order_id
          where o.status <> 'cancelled' and ${where} group by 1 order by 3 desc, 1 asc limit 5`)
          const top = await topProducts(t.db, { countryId, start, endExclusive }, 5)
          expect(
            top.map((p) => ({
              product_id: p.productId,
              quantity: p.totalQuantitySold,
              revenue: p.totalRevenue,
            })),
          ).toEqual(expectedTop)
        },
      ),
      { numRuns: 60 },
    )
  })

  it('give the admin list every total the orders themselves give, for any place and status, folded or not', async () => {
    // Orders of every status, some moved to other zones; some differences wait in the deltas.
    await foldRollups(t.db)
    const writes = fc.sample(
      write.filter((x) => x.op === 'insert' || x.op === 'relocate' || x.op === 'status'),
      { numRuns: 40, seed: 7 },
    )
    for (const w of writes) await apply(w)
    const [waiting] = await rows<{ n: number }>(sql`select count(*)::int as n from order_rollup_deltas`)
    expect(waiting!.n).toBeGreaterThan(0)
    // The places of the orders, and every zone (most of them without orders).
    const places = await rows<{ zone_id: number; city_id: number; country_id: number }>(sql`
      select distinct zone_id, city_id, country_id from orders
      union all select z.id, z.city_id, c.country_id from zones z join cities c on c.id = z.city_id`)
    let nonZero = 0
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...places),
        fc.record({ country: fc.boolean(), city: fc.boolean(), zone: fc.boolean() }),
        fc.option(fc.constantFrom(...orderStatuses), { nil: undefined }),
        async (place, use, status) => {
          const f = {
            countryId: use.country ? place.country_id : undefined,
            cityId: use.city ? place.city_id : undefined,
            zoneId: use.zone ? place.zone_id : undefined,
            status,
          }
          const where = sql.join(
            [
              sql`true`,
              ...(f.countryId ? [sql`country_id = ${f.countryId}`] : []),
              ...(f.cityId ? [sql`city_id = ${f.cityId}`] : []),
              ...(f.zoneId ? [sql`zone_id = ${f.zoneId}`] : []),
              ...(status ? [sql`status = ${status}`] : []),
            ],
            sql` and `,
          )
          const [expected] = await rows<{ n: number }>(
            sql`select count(*)::int as n from orders where ${where}`,
          )
          if (expected!.n > 0) nonZero++
          expect(await orderCount(t.db, f)).toBe(expected!.n)
        },
      ),
      { numRuns: 80 },
    )
    // Not a vacuous property: a fair share of the filters match orders (about a quarter on average).
    expect(nonZero).toBeGreaterThan(5)
  })
})
