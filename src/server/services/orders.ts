import { eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Executor } from '../db/client'
import type { orderEvents, orderItems } from '../db/schema'
import { cities, orders, users } from '../db/schema'

const customers = alias(users, 'customer')
const drivers = alias(users, 'driver')

const idsParam = sql`${sql.placeholder('ids')}::int[]`

type Item = typeof orderItems.$inferSelect
type Event = typeof orderEvents.$inferSelect
/** A line as answered: its stored values and its product's name, unit and picture. */
export type ItemAnswer = Item & {
  product: { name: string; unitType: Item['unitType']; imageUrl: string | null }
}
/** An event as answered: who made it, by name. */
export type EventAnswer = Event & { actorName: string | null }

export const itemAnswer = (item: Item, imageUrl: string | null): ItemAnswer => ({
  ...item,
  product: { name: item.productName, unitType: item.unitType, imageUrl },
})
export const eventAnswer = (event: Event, actorName: string | null): EventAnswer => ({ ...event, actorName })

/**
 * The orders with their lines and events, in one statement: PostgreSQL builds each order's
 * lines and events as JSON in their answered shape (itemAnswer, eventAnswer), which the driver
 * parses natively, instead of three queries mapped row by row (issue 8).
 */
function buildOrderReads(db: Executor) {
  return db
    .select({
      order: orders,
      cityName: cities.name,
      customer: {
        id: customers.id,
        name: customers.displayName,
        email: customers.email,
        phone: customers.phoneNumber,
      },
      driver: { id: drivers.id, name: drivers.displayName, phone: drivers.phoneNumber },
      items: sql<ItemAnswer[]>`coalesce((
        select json_agg(json_build_object('id', i.id, 'orderId', i.order_id, 'productId', i.product_id,
          'productName', i.product_name, 'unitPrice', i.unit_price, 'unitType', i.unit_type, 'quantity', i.quantity,
          'totalPrice', i.total_price,
          'product', json_build_object('name', i.product_name, 'unitType', i.unit_type, 'imageUrl', p.image_url)) order by i.id)
        from order_items i join products p on p.id = i.product_id where i.order_id = ${orders.id}), '[]'::json)`,
      events: sql<(Omit<EventAnswer, 'createdAt'> & { createdAt: Date | string })[]>`coalesce((
        select json_agg(json_build_object('id', e.id, 'orderId', e.order_id, 'actorId', e.actor_id, 'type', e.type,
          'fromValue', e.from_value, 'toValue', e.to_value, 'createdAt', e.created_at, 'actorName', a.display_name)
          order by e.created_at, e.id)
        from order_events e left join users a on a.id = e.actor_id where e.order_id = ${orders.id}), '[]'::json)`,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.userId))
    .innerJoin(cities, eq(cities.id, orders.cityId))
    .leftJoin(drivers, eq(drivers.id, orders.deliveryDriverId))
    .where(sql`${orders.id} = any(${idsParam})`)
    .prepare('orders_with_lines_by_ids')
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
 * every stored amount. One query whatever the number of orders: never one per row.
 */
export async function loadOrders(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return []
  const rows = await preparedOrderReads(db).execute({ ids: [...ids] })
  const byId = new Map(
    rows.map(({ order, cityName, customer, driver, items, events }) => [
      order.id,
      shapeOrder({
        order,
        cityName,
        customer,
        driver: driver?.id ? { id: driver.id, name: driver.name, phone: driver.phone } : null,
        items,
        // JSON has no dates: the answer's are Dates (superjson sends them as such).
        events: events.map((e) => Object.assign(e, { createdAt: new Date(e.createdAt) })),
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
  items: ItemAnswer[]
  events: EventAnswer[]
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
    items,
    events,
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
    .select({
      id: orders.id,
      countryId: orders.countryId,
      userId: orders.userId,
      deliveryDriverId: orders.deliveryDriverId,
    })
    .from(orders)
    .where(eq(orders.id, id))
    .limit(1)
  return row ?? null
}
