import { eq, sql } from 'drizzle-orm'
import { alias, type PgSelect } from 'drizzle-orm/pg-core'
import { refundParts, type AttemptRefund, type RefundPart } from '@/shared/domain/refunds'
import type { Executor } from '@/server/db/client'
import type { orderEvents, orderItems } from '@/server/db/schema'
import { cities, orders, users } from '@/server/db/schema'

const customers = alias(users, 'customer')
const drivers = alias(users, 'driver')

const idsParam = sql`${sql.placeholder('ids')}::int[]`

/** The day a line drew its stock from stays inside (docs/rules/catalogue.md#stock): not answered. */
type Item = Omit<typeof orderItems.$inferSelect, 'stockDay'>
type Event = typeof orderEvents.$inferSelect
/** A line as answered: its stored values and its product's name, unit and picture. */
type ItemAnswer = Item & {
  product: { name: string; unitType: Item['unitType']; imageUrl: string | null }
}
/** An event as answered: who made it, by name. */
type EventAnswer = Event & { actorName: string | null }

export const itemAnswer = (item: Item, imageUrl: string | null): ItemAnswer => ({
  ...item,
  product: { name: item.productName, unitType: item.unitType, imageUrl },
})
export const eventAnswer = (event: Event, actorName: string | null): EventAnswer => ({ ...event, actorName })

const orderColumns = {
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
      'totalPrice', i.total_price, 'weighedQuantity', i.weighed_quantity,
      'preparationId', i.preparation_id, 'preparationName', i.preparation_name, 'preparationPrice', i.preparation_price,
      'product', json_build_object('name', i.product_name, 'unitType', i.unit_type, 'imageUrl', p.image_url)) order by i.id)
    from order_items i join products p on p.id = i.product_id where i.order_id = ${orders.id}), '[]'::json)`,
}
const eventsColumn = sql<(Omit<EventAnswer, 'createdAt'> & { createdAt: Date | string })[]>`coalesce((
  select json_agg(json_build_object('id', e.id, 'orderId', e.order_id, 'actorId', e.actor_id, 'type', e.type,
    'fromValue', e.from_value, 'toValue', e.to_value, 'createdAt', e.created_at, 'actorName', a.display_name)
    order by e.created_at, e.id)
  from order_events e left join users a on a.id = e.actor_id where e.order_id = ${orders.id}), '[]'::json)`

/**
 * docs/rules/money-told.md#refunds-told: the order's paid attempts flagged to be given back, each with
 * when it was given back (its 'refund_done' or 'refunded' payment event), and what paid attempts
 * brought in all.
 */
const refundsColumn = sql<{ attempts: AttemptRefund[] | null; walletReceived: number | null }>`(
  select json_build_object(
    'attempts', json_agg(json_build_object('amount', a.amount, 'refundAmount', a.refund_amount,
      'provider', a.provider, 'wallet', a.wallet, 'refundStatus', a.refund_status,
      'doneAt', (select max(pe.created_at) from payment_events pe
                 where pe.attempt_id = a.id and pe.type in ('refund_done', 'refunded', 'refund_to_credit')),
      'toCredit', exists (select 1 from store_credit_entries ce where ce.attempt_id = a.id))
      order by a.id) filter (where a.refund_status is not null),
    'walletReceived', sum(a.amount) filter (where a.status = 'paid'))
  from payment_attempts a where a.order_id = ${orders.id} and a.status in ('paid', 'mismatch'))`

/**
 * Orders with their lines (and, for one order's own answer, its events) in one statement:
 * PostgreSQL builds the lines and events as JSON in their answered shape (itemAnswer,
 * eventAnswer), which the driver parses natively, instead of three queries mapped row by row.
 */
function buildOrderReads(db: Executor) {
  // The same rows either way: the order, its client, city and driver, by id.
  const byIds = <T extends PgSelect>(q: T) =>
    q
      .innerJoin(customers, eq(customers.id, orders.userId))
      .innerJoin(cities, eq(cities.id, orders.cityId))
      .leftJoin(drivers, eq(drivers.id, orders.deliveryDriverId))
      .where(sql`${orders.id} = any(${idsParam})`)
  return {
    listed: byIds(db.select(orderColumns).from(orders).$dynamic()).prepare('orders_with_lines_by_ids'),
    whole: byIds(
      db
        .select({ ...orderColumns, events: eventsColumn, refunds: refundsColumn })
        .from(orders)
        .$dynamic(),
    ).prepare('orders_with_lines_and_events_by_ids'),
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
 * Orders as lists answer them (customer, driver, items with their product, every
 * stored amount), in the order of `ids`. One query whatever the number of orders. Lists carry
 * no event history: only an order's own answer shows it (loadOrder), and on a page of 15
 * orders the events were a fifth of the bytes and most of the dates to annotate.
 */
export async function loadOrders(db: Executor, ids: readonly number[]): Promise<ListedOrder[]> {
  if (ids.length === 0) return []
  const rows = await preparedOrderReads(db).listed.execute({ ids: [...ids] })
  const byId = new Map(rows.map((row) => [row.order.id, shapeRow(row)]))
  return ids.map((id) => byId.get(id)).filter((o) => o !== undefined)
}

type OrderParts = {
  order: typeof orders.$inferSelect
  cityName: string
  customer: { id: number; name: string; email: string; phone: string | null }
  driver: { id: number; name: string; phone: string | null } | null
  items: ItemAnswer[]
}

/** The answer's shape of an order, from its rows (loadOrders, and checkout from what it wrote). */
export function shapeOrder({ order, cityName, customer, driver, items }: OrderParts) {
  return {
    ...order,
    // docs/rules/pickup.md: the code is the client's proof at the counter; no staff answer carries it
    // (the client's own reads add it back: `withPickupCode`).
    pickupCode: null as string | null,
    cityName,
    deliveryDriverName: driver?.name ?? null,
    customerPhone: customer.phone,
    customer,
    driver,
    items,
  }
}

/** The answer's shape of a row of the order reads (a driver's columns are null when none is assigned). */
const shapeRow = ({ order, cityName, customer, driver, items }: OrderParts) =>
  shapeOrder({
    order,
    cityName,
    customer,
    driver: driver?.id ? { id: driver.id, name: driver.name, phone: driver.phone } : null,
    items,
  })

/** An order in a list. */
type ListedOrder = ReturnType<typeof shapeOrder>
/**
 * An order's own answer (`{ order }`): the listed shape, its events, oldest first, and its
 * refunds (docs/rules/money-told.md#refunds-told).
 */
export type OrderAnswer = ListedOrder & { events: EventAnswer[]; refunds: RefundPart[] }

export async function loadOrder(db: Executor, id: number): Promise<OrderAnswer | null> {
  const [row] = await preparedOrderReads(db).whole.execute({ ids: [id] })
  if (!row) return null
  const order = shapeRow(row)
  return {
    ...order,
    refunds: refundParts({
      ...order,
      attempts: row.refunds.attempts ?? [],
      walletReceived: Number(row.refunds.walletReceived ?? 0),
    }),
    // JSON has no dates: the answer's are Dates (superjson sends them as such).
    events: row.events.map((e) => Object.assign(e, { createdAt: new Date(e.createdAt) })),
  }
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
