import { and, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { orders, users } from '../db/schema'

/**
 * The figures every dashboard shares, one definition for all of them (SQL aggregates only):
 * - revenue: the sum of `totalAmount` (what the customer pays, after discount and points) of
 *   the orders that are not cancelled, whatever their payment status;
 * - orders: every order, cancelled ones included;
 * - active users: active customer accounts (client and user roles);
 * - users: every account, any role or state.
 */
export const revenue = sql<number>`coalesce(sum(${orders.totalAmount}) filter (where ${orders.status} <> 'cancelled'), 0)`.mapWith(Number)
export const orderCount = sql<number>`count(*)`.mapWith(Number)
export const customerRoles = ['client', 'user'] as const

export type OrderFilter = { countryId?: number | null; start?: Date; endExclusive?: Date }

export function ordersWhere(f: OrderFilter): SQL | undefined {
  return and(
    f.countryId != null ? eq(orders.countryId, f.countryId) : undefined,
    f.start ? gte(orders.createdAt, f.start) : undefined,
    f.endExclusive ? lt(orders.createdAt, f.endExclusive) : undefined,
  )
}

export async function orderTotals(db: Executor, f: OrderFilter) {
  const [row] = await db.select({ totalRevenue: revenue, totalOrders: orderCount }).from(orders).where(ordersWhere(f))
  return row ?? { totalRevenue: 0, totalOrders: 0 }
}

export async function countUsers(db: Executor, countryId: number | null | undefined, activeCustomersOnly: boolean) {
  const [row] = await db
    .select({ n: orderCount })
    .from(users)
    .where(
      and(
        countryId != null ? eq(users.countryId, countryId) : undefined,
        activeCustomersOnly ? and(eq(users.isActive, true), inArray(users.role, [...customerRoles])) : undefined,
      ),
    )
  return row?.n ?? 0
}

/** Orders that count towards revenue (product performance sums their lines). */
export const notCancelled = ne(orders.status, 'cancelled')
