import { asc, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Executor } from '../db/client'
import { cities, orderEvents, orderItems, orders, products, users } from '../db/schema'

const customers = alias(users, 'customer')
const drivers = alias(users, 'driver')
const actors = alias(users, 'actor')

const idsParam = sql`${sql.placeholder('ids')}::int[]`

function buildOrderReads(db: Executor) {
  return {
    rows: db
      .select({
        order: orders,
        cityName: cities.name,
        customer: { id: customers.id, name: customers.displayName, email: customers.email, phone: customers.phoneNumber },
        driver: { id: drivers.id, name: drivers.displayName, phone: drivers.phoneNumber },
      })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.userId))
      .innerJoin(cities, eq(cities.id, orders.cityId))
      .leftJoin(drivers, eq(drivers.id, orders.deliveryDriverId))
      .where(sql`${orders.id} = any(${idsParam})`)
      .prepare('orders_by_ids'),
    items: db
      .select({ item: orderItems, imageUrl: products.imageUrl })
      .from(orderItems)
      .innerJoin(products, eq(products.id, orderItems.productId))
      .where(sql`${orderItems.orderId} = any(${idsParam})`)
      .orderBy(asc(orderItems.id))
      .prepare('order_items_by_orders'),
    events: db
      .select({ event: orderEvents, actorName: actors.displayName })
      .from(orderEvents)
      .leftJoin(actors, eq(actors.id, orderEvents.actorId))
      .where(sql`${orderEvents.orderId} = any(${idsParam})`)
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id))
      .prepare('order_events_by_orders'),
  }
}

/** Built once per database (or transaction): the list pages read orders many times a second. */
const orderReads = new WeakMap<Executor, ReturnType<typeof buildOrderReads>>()
function preparedOrderReads(db: Executor) {
  let q = orderReads.get(db)
  if (!q) orderReads.set(db, (q = buildOrderReads(db)))
  return q
}

/**
 * Orders in the shape of SPEC §3 (customer, driver, items with their product, events), with
 * every stored amount. Three queries whatever the number of orders: never one per row.
 */
export async function loadOrders(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return []
  const q = preparedOrderReads(db)
  const params = { ids: [...ids] }
  const rows = await q.rows.execute(params)
  const items = await q.items.execute(params)
  const events = await q.events.execute(params)

  const byId = new Map(
    rows.map(({ order, cityName, customer, driver }) => [
      order.id,
      shapeOrder({
        order,
        cityName,
        customer,
        driver: driver?.id ? { id: driver.id, name: driver.name, phone: driver.phone } : null,
        items: items.filter((i) => i.item.orderId === order.id),
        events: events.filter((e) => e.event.orderId === order.id),
      }),
    ]),
  )
  return ids.map((id) => byId.get(id)).filter((o) => o !== undefined)
}

type OrderParts = {
  order: typeof orders.$inferSelect
  cityName: string
  customer: { id: number; name: string; email: string; phone: string | null }
  driver: { id: number; name: string; phone: string | null } | null
  items: { item: typeof orderItems.$inferSelect; imageUrl: string | null }[]
  events: { event: typeof orderEvents.$inferSelect; actorName: string | null }[]
}

/** The answer's shape of an order, from its rows (loadOrders, and checkout from what it wrote). */
export function shapeOrder({ order, cityName, customer, driver, items, events }: OrderParts) {
  return {
    ...order,
    cityName,
    deliveryDriverName: driver?.name ?? null,
    customerPhone: customer.phone,
    customer,
    driver,
    items: items.map(({ item, imageUrl }) => ({
      ...item,
      product: { name: item.productName, unitType: item.unitType, imageUrl },
    })),
    events: events.map(({ event, actorName }) => ({ ...event, actorName })),
  }
}

export type OrderAnswer = ReturnType<typeof shapeOrder>

export async function loadOrder(db: Executor, id: number): Promise<OrderAnswer | null> {
  const [order] = await loadOrders(db, [id])
  return order ?? null
}

/** The order's country, owner and driver, for scope checks before loading it whole. */
export async function orderOwnership(db: Executor, id: number) {
  const [row] = await db
    .select({ id: orders.id, countryId: orders.countryId, userId: orders.userId, deliveryDriverId: orders.deliveryDriverId })
    .from(orders)
    .where(eq(orders.id, id))
    .limit(1)
  return row ?? null
}
