import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm'
import type { OrderStatus } from '@/shared/domain/order-status'
import type { UnitType } from '@/shared/domain/units'
import type { Executor } from '@/server/db/client'
import { orders, users } from '@/server/db/schema'

/**
 * The figures every dashboard shares, one definition for all of them:
 * - revenue: the sum of `totalAmount` (what the customer pays, after discount and points) of
 *   the orders that sell (not cancelled, whatever their payment status: SQL `etal_sells`);
 * - orders: every order, cancelled ones included;
 * - product performance: quantity and line totals (before the order-level discount and points)
 *   of the lines of orders that are not cancelled;
 * - active users: active customer accounts (client and user roles);
 * - users: every account, any role or state.
 *
 * The order figures are read from the rollups (schema/rollups.ts), which triggers keep in step
 * with every write (src/server/db/functions.sql holds the same rules in SQL): whole months
 * and whole days from there, plus the deltas not folded yet, and the partial days at the edges
 * of a range from the orders themselves. The cost then depends on the length of the range, not
 * on the number of orders.
 */
export const customerRoles = ['client', 'user'] as const

export type OrderFilter = { countryId?: number | null; start?: Date; endExclusive?: Date }

export function ordersWhere(f: OrderFilter): SQL | undefined {
  return and(
    f.countryId != null ? eq(orders.countryId, f.countryId) : undefined,
    f.start ? gte(orders.createdAt, f.start) : undefined,
    f.endExclusive ? lt(orders.createdAt, f.endExclusive) : undefined,
  )
}

type Grain = 'day' | 'month' | 'all'
/** A piece of a date range: read from the orders (`raw`) or from the rollups of a grain; bounds are [from, to), absent = open. */
export type Segment =
  { kind: 'raw'; from?: Date; to?: Date } | { kind: 'rollup'; grain: Grain; from?: Date; to?: Date }

const DAY_MS = 86_400_000
const floorDay = (d: Date) => new Date(Math.floor(d.getTime() / DAY_MS) * DAY_MS)
const ceilDay = (d: Date) => new Date(Math.ceil(d.getTime() / DAY_MS) * DAY_MS)
const floorMonth = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1))
const ceilMonth = (d: Date) => {
  const f = floorMonth(d)
  return f.getTime() === d.getTime() ? f : new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1))
}
const before = (a: Date | undefined, b: Date | undefined) => !a || !b || a < b

/**
 * Splits [start, endExclusive) (UTC) into the fewest reads: the partial days at each edge from
 * the orders, whole days up to the first whole month, whole months, whole days after the last.
 */
export function rangeSegments(start?: Date, endExclusive?: Date): Segment[] {
  if (!start && !endExclusive) return [{ kind: 'rollup', grain: 'all' }]
  const firstDay = start && ceilDay(start)
  const endDay = endExclusive && floorDay(endExclusive)
  if (firstDay && endDay && firstDay >= endDay) return [{ kind: 'raw', from: start, to: endExclusive }]
  const out: Segment[] = []
  if (start && firstDay! > start) out.push({ kind: 'raw', from: start, to: firstDay })
  const firstMonth = firstDay && ceilMonth(firstDay)
  const endMonth = endDay && floorMonth(endDay)
  if (before(firstMonth, endMonth)) {
    if (firstDay && firstDay < firstMonth!)
      out.push({ kind: 'rollup', grain: 'day', from: firstDay, to: firstMonth })
    out.push({ kind: 'rollup', grain: 'month', from: firstMonth, to: endMonth })
    if (endDay && endMonth! < endDay) out.push({ kind: 'rollup', grain: 'day', from: endMonth, to: endDay })
  } else {
    out.push({ kind: 'rollup', grain: 'day', from: firstDay, to: endDay })
  }
  if (endExclusive && endDay! < endExclusive) out.push({ kind: 'raw', from: endDay, to: endExclusive })
  return out
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10)

/** Where clause of one rollup segment on a rollup table aliased `r`. */
function rollupWhere(s: Extract<Segment, { kind: 'rollup' }>, countryId: number | null | undefined) {
  const parts = [sql`r.grain = ${s.grain}`]
  if (s.from) parts.push(sql`r.period >= ${isoDay(s.from)}::date`)
  if (s.to) parts.push(sql`r.period < ${isoDay(s.to)}::date`)
  if (countryId != null) parts.push(sql`r.country_id = ${countryId}`)
  return sql.join(parts, sql` and `)
}

/** Where clause of a time range [from, to) and a country on a table aliased `alias` (orders or deltas). */
function rawWhere(alias: string, s: { from?: Date; to?: Date }, countryId: number | null | undefined) {
  const a = sql.raw(alias)
  const parts = [sql`true`]
  if (s.from) parts.push(sql`${a}.created_at >= ${s.from.toISOString()}::timestamptz`)
  if (s.to) parts.push(sql`${a}.created_at < ${s.to.toISOString()}::timestamptz`)
  if (countryId != null) parts.push(sql`${a}.country_id = ${countryId}`)
  return sql.join(parts, sql` and `)
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/** Orders and revenue per country over the filter (countries without orders are absent). */
export async function orderTotalsByCountry(db: Executor, f: OrderFilter) {
  const parts = rangeSegments(f.start, f.endExclusive).flatMap((s) =>
    s.kind === 'rollup'
      ? [
          sql`select r.country_id, r.orders, r.revenue from order_rollups r where ${rollupWhere(s, f.countryId)}`,
          // With the differences not folded in yet (a second's worth at most).
          sql`select d.country_id, d.orders, d.revenue from order_rollup_deltas d where ${rawWhere('d', s, f.countryId)}`,
        ]
      : [
          sql`select o.country_id, count(*) as orders, coalesce(sum(o.total_amount) filter (where etal_sells(o.status)), 0) as revenue
            from orders o where ${rawWhere('o', s, f.countryId)} group by o.country_id`,
        ],
  )
  const result = await db.execute(
    sql`select country_id, sum(orders)::float8 as orders, sum(revenue)::float8 as revenue from (${sql.join(parts, sql` union all `)}) s group by country_id`,
  )
  return new Map(
    rowsOf<{ country_id: number; orders: number; revenue: number }>(result).map((r) => [
      Number(r.country_id),
      { totalRevenue: Number(r.revenue), totalOrders: Number(r.orders) },
    ]),
  )
}

export async function orderTotals(db: Executor, f: OrderFilter) {
  let totalRevenue = 0
  let totalOrders = 0
  for (const t of (await orderTotalsByCountry(db, f)).values()) {
    totalRevenue += t.totalRevenue
    totalOrders += t.totalOrders
  }
  return { totalRevenue, totalOrders }
}

type CountFilter = {
  countryId?: number | null
  cityId?: number
  zoneId?: number
  status?: OrderStatus
}

/**
 * How many orders (cancelled ones included) match a place and status, exact at any moment: the
 * order counts (one row per zone and status, folded every second) and the deltas not folded yet.
 * The admin list's total; its cost depends on the number of zones, not of orders.
 */
export async function orderCount(db: Executor, f: CountFilter) {
  const where = (alias: string) => {
    const a = sql.raw(alias)
    return sql.join(
      [
        sql`true`,
        ...(f.countryId != null ? [sql`${a}.country_id = ${f.countryId}`] : []),
        ...(f.cityId != null ? [sql`${a}.city_id = ${f.cityId}`] : []),
        ...(f.zoneId != null ? [sql`${a}.zone_id = ${f.zoneId}`] : []),
        ...(f.status ? [sql`${a}.status = ${f.status}`] : []),
      ],
      sql` and `,
    )
  }
  const result = await db.execute(sql`select coalesce(sum(n), 0)::float8 as n from (
    select c.orders as n from order_counts c where ${where('c')}
    union all select d.orders from order_rollup_deltas d where ${where('d')}) s`)
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0)
}

/** The best-selling products by revenue over the filter, with their name and country. */
export async function topProducts(db: Executor, f: OrderFilter, limit: number) {
  const parts = rangeSegments(f.start, f.endExclusive).flatMap((s) =>
    s.kind === 'rollup'
      ? [
          sql`select r.product_id, r.quantity, r.revenue from product_rollups r where ${rollupWhere(s, f.countryId)}`,
          sql`select d.product_id, d.quantity, d.revenue from product_rollup_deltas d where ${rawWhere('d', s, f.countryId)}`,
        ]
      : [
          sql`select i.product_id, coalesce(i.weighed_quantity, i.quantity) as quantity, i.total_price as revenue from order_items i join orders o on o.id = i.order_id
            where etal_sells(o.status) and ${rawWhere('o', s, f.countryId)}`,
        ],
  )
  const result = await db.execute(sql`
    select t.product_id, p.name as product_name, p.unit_type, c.name as country_name, t.quantity, t.revenue
    from (
      select product_id, sum(quantity)::float8 as quantity, sum(revenue)::float8 as revenue
      from (${sql.join(parts, sql` union all `)}) s
      group by product_id having sum(quantity) > 0
      order by sum(revenue) desc, product_id asc limit ${limit}
    ) t
    join products p on p.id = t.product_id join countries c on c.id = p.country_id
    order by t.revenue desc, t.product_id asc`)
  return rowsOf<{
    product_id: number
    product_name: string
    unit_type: UnitType
    country_name: string
    quantity: number
    revenue: number
  }>(result).map((r) => ({
    productId: Number(r.product_id),
    productName: r.product_name,
    unitType: r.unit_type,
    countryName: r.country_name,
    totalQuantitySold: Number(r.quantity),
    totalRevenue: Number(r.revenue),
  }))
}

export const countStar = sql<number>`count(*)`.mapWith(Number)

export async function countUsers(
  db: Executor,
  countryId: number | null | undefined,
  activeCustomersOnly: boolean,
) {
  const [row] = await db
    .select({ n: countStar })
    .from(users)
    .where(
      and(
        countryId != null ? eq(users.countryId, countryId) : undefined,
        activeCustomersOnly
          ? and(eq(users.isActive, true), inArray(users.role, [...customerRoles]))
          : undefined,
      ),
    )
  return row?.n ?? 0
}

/** Moves the triggers' pending differences into the rollups (main.ts runs it every second). */
export async function foldRollups(db: Executor) {
  await db.execute(sql`select etal_fold_rollups()`)
}

/**
 * Orders and revenue per UTC day over whole days [start, endExclusive) (docs/rules/money.md#reports):
 * the day rollups and the deltas not folded yet, never the orders, so that its cost is the
 * number of days (and countries), whatever the number of orders.
 */
export function dailySeriesStatement(f: { countryId?: number | null; start: Date; endExclusive: Date }) {
  const s = { kind: 'rollup', grain: 'day', from: f.start, to: f.endExclusive } as const
  return sql`select day, sum(orders)::float8 as orders, sum(revenue)::float8 as revenue from (
      select r.period::text as day, r.orders, r.revenue from order_rollups r where ${rollupWhere(s, f.countryId)}
      union all
      select ((d.created_at at time zone 'UTC')::date)::text as day, d.orders, d.revenue
        from order_rollup_deltas d where ${rawWhere('d', s, f.countryId)}
    ) s group by day order by day`
}

/** Every day of the range, oldest first, with 0 for a day without orders. */
export async function dailySeries(
  db: Executor,
  f: { countryId?: number | null; start: Date; endExclusive: Date },
) {
  const rows = rowsOf<{ day: string; orders: number; revenue: number }>(
    await db.execute(dailySeriesStatement(f)),
  )
  const byDay = new Map(rows.map((r) => [r.day, r]))
  const out: { day: string; orders: number; revenue: number }[] = []
  for (let t = f.start.getTime(); t < f.endExclusive.getTime(); t += DAY_MS) {
    const day = isoDay(new Date(t))
    const r = byDay.get(day)
    out.push({ day, orders: Number(r?.orders ?? 0), revenue: Number(r?.revenue ?? 0) })
  }
  return out
}

/** Every order of a country (or all) by its current status: the order counts and their deltas. */
export function statusCountsStatement(countryId: number | null | undefined) {
  const where = (alias: string) =>
    countryId != null ? sql`${sql.raw(alias)}.country_id = ${countryId}` : sql`true`
  return sql`select status::text as status, sum(n)::float8 as orders from (
      select c.status, c.orders as n from order_counts c where ${where('c')}
      union all select d.status, d.orders from order_rollup_deltas d where ${where('d')}
    ) s group by status`
}

export async function statusCounts(db: Executor, countryId: number | null | undefined) {
  const rows = rowsOf<{ status: OrderStatus; orders: number }>(
    await db.execute(statusCountsStatement(countryId)),
  )
  return new Map(rows.map((r) => [r.status, Number(r.orders)]))
}

/** The last `days` whole UTC days, today included: [start, endExclusive). */
export function lastDays(days: number, now = new Date()) {
  const endExclusive = new Date(floorDay(now).getTime() + DAY_MS)
  return { start: new Date(endExclusive.getTime() - days * DAY_MS), endExclusive }
}
