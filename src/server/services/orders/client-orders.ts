import { containsFolded } from '@/server/db/queries'
import { and, desc, eq, exists, or, type SQL } from 'drizzle-orm'
import type { OrderStatus } from '@/shared/domain/order-status'
import type { Executor } from '@/server/db/client'
import { orderItems, orders } from '@/server/db/schema'
import { loadOrders } from './orders'

/** A client sees at most this many of its orders, newest first. */
const CLIENT_ORDERS_LIMIT = 100

/**
 * One client's orders, newest first, by order number ('#12' or '12') or product name:
 * one query for the ids, then loadOrders' three, whatever the number of orders.
 */
export async function findClientOrders(
  db: Executor,
  userId: number,
  filter: { search?: string; status?: OrderStatus; limit?: number },
) {
  const conditions: (SQL | undefined)[] = [eq(orders.userId, userId)]
  if (filter.status) conditions.push(eq(orders.status, filter.status))
  const search = filter.search?.trim()
  if (search) {
    const number = /^#?\d{1,9}$/.test(search) ? Number(search.replace('#', '')) : null
    const byProduct = exists(
      db
        .select({ one: orderItems.id })
        .from(orderItems)
        .where(and(eq(orderItems.orderId, orders.id), containsFolded(orderItems.productName, search))),
    )
    conditions.push(number !== null ? or(eq(orders.id, number), byProduct) : byProduct)
  }
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(filter.limit ?? CLIENT_ORDERS_LIMIT)
  return loadOrders(
    db,
    rows.map((r) => r.id),
  )
}
