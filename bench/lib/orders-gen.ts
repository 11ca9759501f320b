import { sql } from 'drizzle-orm'
import type { Executor } from '../../src/server/db/client'
import type { OrderStatus } from '../../src/shared/domain/order-status'
import { pointsEarnedFor, priceOrder } from '../../src/shared/domain/pricing'
import { bulkInsert, prng, type Column } from './bulk'
import type { BenchClient, BenchProduct, Place } from './people'

const DAY = 86_400_000
const orderColumns: Column[] = [
  ['id', 'integer'],
  ['user_id', 'integer'],
  ['country_id', 'integer'],
  ['city_id', 'integer'],
  ['zone_id', 'integer'],
  ['status', 'order_status'],
  ['payment_status', 'payment_status'],
  ['subtotal_amount', 'integer'],
  ['discount_percent', 'numeric'],
  ['discount_amount', 'integer'],
  ['point_value', 'integer'],
  ['total_amount', 'integer'],
  ['amount_paid', 'integer'],
  ['points_earned', 'integer'],
  ['notes', 'text'],
  ['delivery_address', 'text'],
  ['delivery_city', 'text'],
  ['delivery_country', 'text'],
  ['delivery_phone', 'text'],
  ['zone_name', 'text'],
  ['customer_name', 'text'],
  ['delivery_driver_id', 'integer'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
]
const itemColumns: Column[] = [
  ['order_id', 'integer'],
  ['product_id', 'integer'],
  ['product_name', 'text'],
  ['unit_price', 'integer'],
  ['unit_type', 'unit_type'],
  ['quantity', 'numeric'],
  ['total_price', 'integer'],
]
const eventColumns: Column[] = [
  ['order_id', 'integer'],
  ['actor_id', 'integer'],
  ['type', 'order_event_type'],
  ['from_value', 'text'],
  ['to_value', 'text'],
  ['created_at', 'timestamptz'],
]
const loyaltyColumns: Column[] = [
  ['user_id', 'integer'],
  ['order_id', 'integer'],
  ['transaction_type', 'loyalty_type'],
  ['points', 'integer'],
  ['description', 'text'],
  ['created_at', 'timestamptz'],
]

/** Older orders are settled (delivered or cancelled); the last week holds every status. */
function statusFor(ageDays: number, x: number): OrderStatus {
  if (ageDays > 7) return x < 0.88 ? 'delivered' : 'cancelled'
  if (x < 0.2) return 'pending'
  if (x < 0.4) return 'in_preparation'
  if (x < 0.6) return 'in_delivery'
  return x < 0.9 ? 'delivered' : 'cancelled'
}

type Sources = {
  places: Place[]
  products: BenchProduct[]
  clients: BenchClient[]
  drivers: { id: number; countryId: number }[]
  staffId: number
}

/**
 * `count` orders over the last year, ids in time order, 2 to 5 lines of active products of the
 * client's country, every amount priced by `priceOrder` (what checkout stores), with their
 * events and, when delivered, their earned points. Written in chunks inside one transaction.
 */
export async function insertOrders(
  db: Executor,
  count: number,
  src: Sources,
  pointValue = 1,
  chunk = 10_000,
) {
  const r = prng(42)
  const byCountry = <T extends { countryId: number }>(list: T[]) => {
    const m = new Map<number, T[]>()
    for (const x of list) {
      const group = m.get(x.countryId)
      if (group) group.push(x)
      else m.set(x.countryId, [x])
    }
    return m
  }
  const products = byCountry(src.products.filter((p) => p.isActive))
  const places = byCountry(src.places)
  const drivers = byCountry(src.drivers)
  const clients = src.clients.filter(
    (c) => (products.get(c.countryId)?.length ?? 0) >= 5 && places.has(c.countryId),
  )
  const now = Date.now()
  const totals = { items: 0, events: 0, loyalty: 0 }
  // Rows are consistent by construction: skip the per-row foreign-key triggers for this transaction.
  await db.execute(sql`set local session_replication_role = replica`)

  for (let start = 0; start < count; start += chunk) {
    const orders: Record<string, unknown>[] = []
    const items: Record<string, unknown>[] = []
    const events: Record<string, unknown>[] = []
    const loyalty: Record<string, unknown>[] = []
    for (let n = start; n < Math.min(count, start + chunk); n++) {
      const id = n + 1
      const client = r.pick(clients)
      const place = r.pick(places.get(client.countryId)!)
      const catalogue = products.get(client.countryId)!
      const chosen = new Set<BenchProduct>()
      const lineCount = 2 + r.int(4)
      while (chosen.size < lineCount) chosen.add(r.pick(catalogue))
      const lines = [...chosen].map((p) => ({
        product: p,
        quantity: p.unitType === 'kg' ? p.minQuantity + 0.5 * r.int(6) : 1 + r.int(4),
      }))
      const price = priceOrder(
        lines.map((l) => ({ unitPrice: l.product.pricePerUnit, quantity: l.quantity })),
        client.discount,
        0,
        pointValue,
      )
      const createdAt = now - ((count - n) / count) * 365 * DAY - r.int(3_600_000)
      const status = statusFor((now - createdAt) / DAY, r.next())
      const delivered = status === 'delivered'
      const driver =
        status === 'delivered' || status === 'in_delivery' ? r.pick(drivers.get(client.countryId)!).id : null
      const updatedAt = new Date(createdAt + (status === 'pending' ? 0 : 3 * 3_600_000)).toISOString()
      const created = new Date(createdAt).toISOString()
      const points = delivered ? pointsEarnedFor(price.total) : 0
      orders.push({
        id,
        user_id: client.id,
        country_id: place.countryId,
        city_id: place.cityId,
        zone_id: place.zoneId,
        status,
        payment_status: delivered ? 'paid' : 'pending',
        subtotal_amount: price.subtotal,
        discount_percent: client.discount,
        discount_amount: price.discountAmount,
        point_value: pointValue,
        total_amount: price.total,
        // docs/rules/money.md#partly-paid: a delivered order of the bench is paid whole.
        amount_paid: delivered ? price.total : 0,
        points_earned: points,
        notes: n % 7 === 0 ? 'Merci de sonner deux fois.' : null,
        delivery_address: `${1 + (n % 200)} rue ${1 + (n % 97)}`,
        delivery_city: place.cityName,
        delivery_country: place.countryName,
        delivery_phone: client.phoneNumber,
        zone_name: place.zoneName,
        customer_name: client.displayName,
        delivery_driver_id: driver,
        created_at: created,
        updated_at: updatedAt,
      })
      lines.forEach((l, k) =>
        items.push({
          order_id: id,
          product_id: l.product.id,
          product_name: l.product.name,
          unit_price: l.product.pricePerUnit,
          unit_type: l.product.unitType,
          quantity: l.quantity,
          total_price: price.lineTotals[k],
        }),
      )
      events.push({
        order_id: id,
        actor_id: client.id,
        type: 'created',
        from_value: null,
        to_value: 'pending',
        created_at: created,
      })
      if (driver)
        events.push({
          order_id: id,
          actor_id: src.staffId,
          type: 'driver',
          from_value: null,
          to_value: String(driver),
          created_at: updatedAt,
        })
      if (status !== 'pending')
        events.push({
          order_id: id,
          actor_id: src.staffId,
          type: 'status',
          from_value: 'pending',
          to_value: status,
          created_at: updatedAt,
        })
      if (delivered)
        events.push({
          order_id: id,
          actor_id: driver,
          type: 'payment',
          from_value: 'pending',
          to_value: 'paid',
          created_at: updatedAt,
        })
      if (points > 0) {
        loyalty.push({
          user_id: client.id,
          order_id: id,
          transaction_type: 'earned',
          points,
          description: `Points gagnés sur la commande #${id}`,
          created_at: updatedAt,
        })
      }
    }
    await bulkInsert(db, 'orders', orderColumns, orders, 5_000)
    await bulkInsert(db, 'order_items', itemColumns, items)
    await bulkInsert(db, 'order_events', eventColumns, events)
    await bulkInsert(db, 'loyalty_transactions', loyaltyColumns, loyalty)
    totals.items += items.length
    totals.events += events.length
    totals.loyalty += loyalty.length
  }
  // Ids were given explicitly: the sequence must start after them. Balances = sum of the ledger.
  await db.execute(
    sql`select setval(pg_get_serial_sequence('orders', 'id'), greatest((select max(id) from orders), 1))`,
  )
  await db.execute(sql`update users u set loyalty_points = s.points from
    (select user_id, sum(points)::int as points from loyalty_transactions group by user_id) s where s.user_id = u.id`)
  return totals
}
