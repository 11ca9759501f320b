import { sql, type SQL } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders } from '../../src/server/db/schema'
import {
  dailySeries,
  dailySeriesStatement,
  foldRollups,
  lastDays,
  statusCounts,
  statusCountsStatement,
} from '../../src/server/services/money/stats'
import { createProduct, createUser, insertOrder } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * The dashboards' trend reads the rollups, never the orders (docs/rules/money.md#reports, decision
 * 0011): its cost is the number of days, whatever the number of orders. Its figures equal a
 * recount from the orders, folded or not. The export reads the orders newest first by an
 * index, one batch after another, without sorting the table.
 */
let t: TestApp
let countryIds: number[] = []
beforeAll(async () => {
  t = await createTestApp()
  for (const cc of ['SN', 'ML']) {
    const client = await createUser(t.db, { role: 'client', country: cc })
    const product = await createProduct(t.db, { country: cc, pricePerUnit: 1500 })
    countryIds.push(product.countryId)
    const now = Date.now()
    for (let i = 0; i < 40; i++) {
      const o = await insertOrder(t.db, {
        userId: client.id,
        lines: [{ product, quantity: 1 + (i % 3) }],
        status: i % 5 === 0 ? 'cancelled' : i % 2 ? 'delivered' : 'pending',
        createdAt: new Date(now - i * 7 * 3_600_000),
      })
      void o
      // Half the differences folded, half waiting in the deltas, as between two folds.
      if (i === 20) await foldRollups(t.db)
    }
  }
  countryIds = [...new Set(countryIds)]
})
afterAll(() => t.close())

async function plan(statement: SQL) {
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`)
    await tx.execute(sql`set local enable_sort = off`)
    const res = (await tx.execute(sql`explain ${statement}`)) as unknown as {
      rows: { 'QUERY PLAN': string }[]
    }
    return res.rows.map((r) => r['QUERY PLAN']).join('\n')
  })
}

describe('the trend’s reads', () => {
  it('orders and revenue per day: the day rollups through their key and the deltas (a second’s worth), not the orders', async () => {
    const p = await plan(dailySeriesStatement({ countryId: countryIds[0], ...lastDays(90) }))
    expect(p).toMatch(/Index Scan using order_rollups_grain_period_country_id_pk/)
    expect(p).toMatch(/order_rollup_deltas/)
    expect(p).not.toMatch(/ on orders\b/)
  })

  it('orders by status: the order counts and the deltas, not the orders', async () => {
    const p = await plan(statusCountsStatement(countryIds[0]))
    expect(p).toMatch(/order_counts/)
    expect(p).not.toMatch(/ on orders\b/)
  })

  it('equals a recount from the orders, for any period and country, folded or not', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(7, 30, 90),
        fc.option(fc.constantFrom(...countryIds), { nil: undefined }),
        async (days, countryId) => {
          const range = lastDays(days)
          const series = await dailySeries(t.db, { countryId, ...range })
          const where = countryId ? sql`and country_id = ${countryId}` : sql``
          const res = (await t.db
            .execute(sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day,
              count(*)::float8 as orders,
              coalesce(sum(total_amount) filter (where status <> 'cancelled'), 0)::float8 as revenue
            from orders where created_at >= ${range.start.toISOString()}::timestamptz ${where} group by 1`)) as unknown as {
            rows: { day: string; orders: number; revenue: number }[]
          }
          const expected = new Map(res.rows.map((r) => [r.day, r]))
          expect(series).toHaveLength(days)
          for (const d of series) {
            const e = expected.get(d.day)
            expect([d.day, d.orders, d.revenue]).toEqual([d.day, e?.orders ?? 0, e?.revenue ?? 0])
          }
          const counts = await statusCounts(t.db, countryId)
          const byStatus = (await t.db
            .execute(sql`select status::text as status, count(*)::float8 as n from orders
            where true ${where} group by 1`)) as unknown as { rows: { status: string; n: number }[] }
          expect(Object.fromEntries([...counts].filter(([, n]) => n > 0))).toEqual(
            Object.fromEntries(byStatus.rows.map((r) => [r.status, r.n])),
          )
        },
      ),
      { numRuns: 12 },
    )
  })
})

describe('the export’s batches', () => {
  it('a country’s orders after a cursor: read in index order, no sort of the table', async () => {
    const p =
      await plan(sql`select m.id, m.created_at from (select ${orders.id}, ${orders.createdAt} from ${orders}
        where ${orders.countryId} = ${countryIds[0]}) m
      where (m.created_at, m.id) < (now(), 2147483647) order by m.created_at desc, m.id desc limit 1000`)
    expect(p).not.toMatch(/(^|->\s+)Sort\b/m)
    expect(p).toMatch(/orders_country_created_idx/)
    // The cursor is an index condition, not a filter over the rows already sent.
    expect(p).toMatch(/Index Cond: .*created_at, .*id\) < /)
  })
})
