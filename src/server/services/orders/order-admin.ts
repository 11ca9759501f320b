import { containsFolded } from '@/server/db/queries'
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { SessionUser } from '@/shared/schemas/auth'
import { COUNT_CAP } from '@/shared/schemas/common'
import type { AdminOrdersQuery } from '@/shared/schemas/orders'
import type { OrderStatus } from '@/shared/domain/order-status'
import type { Executor } from '@/server/db/client'
import { orders, userFormerNames, users } from '@/server/db/schema'
import { notFound } from '@/server/http/errors'
import { loadOrders, orderOwnership } from './orders'
import { orderCount, orderTotals } from '../money/stats'
import { assertInScope, scopeCountryId } from '../scope'
import { findCountryByName } from '../people/users'

export const ORDER_NOT_FOUND = 'Commande non trouvée'

/** The order's ownership row when the staff caller may reach it; 404 otherwise (absent or out of scope). */
export async function findOrderInScope(db: Executor, user: SessionUser, orderId: number) {
  const order = await orderOwnership(db, orderId)
  if (!order) throw notFound(ORDER_NOT_FOUND)
  assertInScope(user, order.countryId, ORDER_NOT_FOUND)
  return order
}

export type Filters = Omit<AdminOrdersQuery, 'page' | 'limit'> & { status?: OrderStatus }

/** The WHERE of the admin list, or null when the filters can match nothing (unknown country). */
async function listConditions(db: Executor, user: SessionUser, f: Filters) {
  const where: SQL[] = []
  let countryId = scopeCountryId(user)
  if (countryId === null && f.country) {
    const country = await findCountryByName(db, f.country)
    if (!country) return null
    countryId = country.id
  }
  if (countryId !== null) where.push(eq(orders.countryId, countryId))
  // The place and status filters, as the order counts take them for the total.
  const counted = {
    countryId,
    cityId: f.cityId ? Number(f.cityId) : undefined,
    zoneId: f.zoneId ? Number(f.zoneId) : undefined,
    status: f.status,
  }
  if (counted.status) where.push(eq(orders.status, counted.status))
  if (counted.cityId) where.push(eq(orders.cityId, counted.cityId))
  if (counted.zoneId) where.push(eq(orders.zoneId, counted.zoneId))
  // The slot filters (docs/rules/delivery.md#delivery-slots): no kept count covers them, so the total is counted.
  // docs/rules/money.md#payments: by payment status and method; no kept count covers them either.
  const byPayment = f.paymentStatus !== undefined || f.paymentMethod !== undefined
  if (f.paymentStatus) where.push(eq(orders.paymentStatus, f.paymentStatus))
  if (f.paymentMethod) where.push(eq(orders.paymentMethod, f.paymentMethod))
  const bySlot = f.slotDate !== undefined || f.slotId !== undefined || byPayment
  if (f.slotDate) where.push(eq(orders.slotDate, f.slotDate))
  if (f.slotId) where.push(eq(orders.slotId, Number(f.slotId)))
  const search = f.search?.trim().replace(/^#/, '')
  if (search) {
    // Digits alone are an order number; anything else is part of the client's name or email.
    if (/^\d+$/.test(search)) {
      const n = Number(search)
      where.push(n <= 2_147_483_647 ? eq(orders.id, n) : sql`false`)
    } else {
      // The client: an account whose name or email matches, or an order placed under a name
      // that matches. An order's stored name is its client's current name or one of their
      // user_former_names (migration 0008), so both are found through the accounts (trigram
      // indexes on 50,000 clients, not on every order), then the orders by client. Accents,
      // case and ligatures aside (docs/rules/catalogue.md#search): the indexes hold the folded texts.
      const current = sql`array(select ${users.id} from ${users} where ${containsFolded(users.displayName, search)} or ${containsFolded(users.email, search)})`
      const former = sql`array(select ${userFormerNames.userId} from ${userFormerNames} where ${containsFolded(userFormerNames.name, search)})`
      const others = where.length ? sql` and ${and(...where)}` : sql``
      // The two parts share no order (the second skips the accounts of the first): no dedup.
      const byName = sql`with matching as (select ${current} as ids)
        select ${orders.id}, ${orders.createdAt}, ${orders.slotStartsAt} from ${orders}, matching where ${orders.userId} = any(matching.ids)${others}
        union all
        select ${orders.id}, ${orders.createdAt}, ${orders.slotStartsAt} from ${orders}, matching where ${orders.userId} = any(${former})
          and not ${orders.userId} = any(matching.ids) and ${containsFolded(orders.customerName, search)}${others}`
      return { where: undefined, byName, counted: undefined }
    }
    // An order number: its page is one row at most, counted with it.
    return { where: and(...where), byName: undefined, counted: undefined }
  }
  return {
    where: where.length ? and(...where) : undefined,
    byName: undefined,
    counted: bySlot ? undefined : counted,
  }
}

/**
 * Every order the list's filters match, as a statement of (id, created_at), or null when they
 * can match nothing: the CSV export reads it in batches (services/money/reports/orders-csv.ts), so
 * that any filter the list takes applies to the export too.
 */
export async function matchingOrders(db: Executor, user: SessionUser, f: Filters): Promise<SQL | null> {
  const filters = await listConditions(db, user, f)
  if (!filters) return null
  if (filters.byName) return filters.byName
  const where = filters.where ? sql`where ${filters.where}` : sql``
  return sql`select ${orders.id}, ${orders.createdAt} from ${orders} ${where}`
}

/**
 * One page of orders, newest first, with a total capped at COUNT_CAP: the page's ids in one
 * statement and, beside it, the total from the rollups or the order counts (or, for a search,
 * counted in the same statement), then loadOrders (one statement).
 */
export async function listAdminOrders(
  db: Executor,
  user: SessionUser,
  q: Filters & { page: number; limit: number },
) {
  const filters = await listConditions(db, user, q)
  if (!filters) return { orders: [], total: 0 }
  const offset = (q.page - 1) * q.limit
  const where = filters.where ? sql`where ${filters.where}` : sql``
  // The total, exact up to COUNT_CAP. Filtered by place and status only, it is kept, exact at
  // any moment, in the dashboard's rollups (a country or none: one row a country) or the order
  // counts (one row a zone and status): counting the orders themselves would read up to
  // COUNT_CAP + 1 index entries, milliseconds at 200,000 orders on every page.
  const c = filters.counted
  const kept =
    c &&
    (c.cityId || c.zoneId || c.status
      ? orderCount(db, c)
      : orderTotals(db, { countryId: c.countryId }).then((t) => t.totalOrders))
  // A search by client finds its orders by account, in no order: they are found once
  // (materialized) and both the page and the count read that set, instead of searching twice.
  // An order number matches one order at most. Other filters walk an index newest first.
  const count = kept
    ? sql`null::int`
    : filters.byName
      ? sql`(select count(*)::int from (select 1 from found limit ${COUNT_CAP + 1}) capped)`
      : sql`(select count(*)::int from (select 1 from orders ${where} limit ${COUNT_CAP + 1}) capped)`
  // Newest first, or by slot: earliest slot first, orders without one last.
  const order =
    q.sort === 'slot'
      ? sql`order by slot_starts_at asc nulls last, id asc`
      : sql`order by created_at desc, id desc`
  const statement = filters.byName
    ? sql`with found as materialized (${filters.byName})
        select array(select id from found ${order} limit ${q.limit} offset ${offset}) as ids, ${count} as n`
    : sql`select array(select id from orders ${where} ${order} limit ${q.limit} offset ${offset}) as ids, ${count} as n`
  const [{ rows }, keptTotal] = await Promise.all([
    db.execute(statement) as unknown as Promise<{ rows: { ids: number[] | string; n: number | null }[] }>,
    kept,
  ])
  const row = rows[0]
  const ids = typeof row?.ids === 'string' ? parseIntArray(row.ids) : (row?.ids ?? [])
  const total = keptTotal ?? Number(row?.n ?? 0)
  return {
    orders: await loadOrders(db, ids),
    total: Math.min(total, COUNT_CAP),
  }
}

/** A PostgreSQL int[] in its text form ("{1,2,3}"), for a driver that does not parse arrays. */
const parseIntArray = (text: string) => (text === '{}' ? [] : text.slice(1, -1).split(',').map(Number))

/**
 * Orders of one driver in the given statuses: newest change first, or, for the orders still to
 * deliver, by slot (earliest first, those without a slot last).
 */
export async function driverOrders(
  db: Executor,
  driverId: number,
  statuses: OrderStatus[],
  max: number,
  bySlot = false,
) {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.deliveryDriverId, driverId), inArray(orders.status, statuses)))
    .orderBy(
      ...(bySlot ? [sql`${orders.slotStartsAt} asc nulls last`] : []),
      desc(orders.updatedAt),
      desc(orders.id),
    )
    .limit(max)
  return loadOrders(
    db,
    rows.map((r) => r.id),
  )
}
