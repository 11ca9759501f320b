import type { AddressInfo } from 'node:net'
import { desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderEvents, orders } from '../../src/server/db/schema'
import { ORDERS_CHANNEL } from '../../src/server/services/orders/order-live'
import { createProduct, decode, deliveryIn, get, post, postOrder, signedIn, statusChange } from '../factories'
import { openStream } from '../setup/live-stream'
import { createTestApp, type TestApp } from '../setup/test-app'

/** docs/rules/orders.md#live: the live orders' stream, over real HTTP on one instance (PGlite or PostgreSQL). */
let t: TestApp
let base: string
let product: Awaited<ReturnType<typeof createProduct>>
const open: { close(): Promise<void> }[] = []

beforeAll(async () => {
  t = await createTestApp()
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
  product = await createProduct(t.db, {
    name: 'Côte de bœuf du direct',
    pricePerUnit: 8000,
    unitType: 'unit',
    minQuantity: 1,
  })
})
afterAll(async () => {
  await Promise.all(open.map((s) => s.close()))
  await t?.close()
})

async function stream(cookie: string, lastEventId?: string) {
  const s = await openStream(base, cookie, lastEventId)
  open.push(s)
  return s
}

async function placeOrder(country = 'SN') {
  const client = await signedIn(t, 'client', country)
  const p =
    country === 'SN' ? product : await createProduct(t.db, { country, unitType: 'unit', minQuantity: 1 })
  const res = await postOrder(
    t,
    { items: [{ productId: p.id, quantity: 1 }], ...(await deliveryIn(t.db, country)), pointsToUse: 0 },
    client.cookie,
  )
  expect(res.statusCode, res.body).toBe(201)
  return decode<{ order: { id: number } }>(res.body).order.id
}

describe('GET /_api/live/orders', () => {
  it('is for staff and drivers: 401 without a session, 403 for a client', async () => {
    expect((await get(t, '/_api/live/orders')).statusCode).toBe(401)
    expect((await get(t, '/_api/live/orders', (await signedIn(t, 'client')).cookie)).statusCode).toBe(403)
  })

  it('an order placed reaches the staff of its country and root, not the staff of another country', async () => {
    const sn = await stream((await signedIn(t, 'admin', 'SN')).cookie)
    const ml = await stream((await signedIn(t, 'super_admin', 'ML')).cookie)
    const root = await stream((await signedIn(t, 'root', 'SN')).cookie)
    expect(sn.res.status).toBe(200)
    expect(sn.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    const orderId = await placeOrder('SN')
    const created = (s: typeof sn) => s.orders().some((e) => e.orderId === orderId && e.type === 'created')
    await sn.until(() => created(sn), 'the SN staff hears the order')
    await root.until(() => created(root), 'root hears the order')
    // Its own country's order does reach the Mali stream: it is open and listening.
    const mali = await placeOrder('ML')
    await ml.until(() => ml.orders().some((e) => e.orderId === mali), 'the ML staff hears its own order')
    expect(ml.orders().some((e) => e.orderId === orderId)).toBe(false)
    expect(sn.orders().some((e) => e.orderId === mali)).toBe(false)
    const event = sn.orders().find((e) => e.orderId === orderId)!
    expect(event).toEqual({ id: expect.any(Number), orderId, type: 'created', to: 'pending' })
    expect(sn.events.find((e) => e.event === 'order')!.id).toBe(String(event.id))
    // Announced once: by the checkout after its commit, not by the trigger as well (decision 0057).
    expect(sn.orders().filter((e) => e.orderId === orderId)).toHaveLength(1)
  })

  it("announces a status change from the trigger, in its transaction, but not a 'created' written by hand", async () => {
    const root = await stream((await signedIn(t, 'root', 'SN')).cookie)
    const orderId = await placeOrder('SN')
    await root.until(() => root.orders().some((e) => e.orderId === orderId), 'the new order')
    // A 'created' row inserted without the checkout: the trigger leaves it to its writer.
    await t.db.insert(orderEvents).values({ orderId, type: 'created', toValue: 'pending' })
    await t.db
      .insert(orderEvents)
      .values({ orderId, type: 'status', fromValue: 'pending', toValue: 'cancelled' })
    await root.until(
      () => root.orders().some((e) => e.orderId === orderId && e.type === 'status'),
      'the status',
    )
    expect(
      root
        .orders()
        .filter((e) => e.orderId === orderId)
        .map((e) => e.type),
    ).toEqual(['created', 'status'])
  })

  it('a change of status is sent too; a driver hears its own orders only', async () => {
    const staff = await signedIn(t, 'super_admin', 'SN')
    const driver = await signedIn(t, 'delivery_driver', 'SN')
    const other = await signedIn(t, 'delivery_driver', 'SN')
    const mine = await stream(driver.cookie)
    const theirs = await stream(other.cookie)
    const orderId = await placeOrder('SN')
    await t.db.update(orders).set({ deliveryDriverId: driver.user.id }).where(eq(orders.id, orderId))
    const res = await post(
      t,
      '/_api/admin/orders/update-status',
      statusChange(orderId, 'cancelled'),
      staff.cookie,
    )
    expect(res.statusCode, res.body).toBe(200)
    await mine.until(
      () => mine.orders().some((e) => e.orderId === orderId && e.type === 'status' && e.to === 'cancelled'),
      'the driver hears the change',
    )
    // The created event was written before the order was its: it went to staff only.
    expect(mine.orders().some((e) => e.type === 'created' && e.orderId === orderId)).toBe(false)
    expect(theirs.orders().some((e) => e.orderId === orderId)).toBe(false)
  })

  it('an event that commits after one with a larger id is sent all the same (ids are not commit order)', async () => {
    const root = await signedIn(t, 'root')
    const s = await stream(root.cookie)
    // As PostgreSQL delivers two orders written at once whose transactions commit in the other
    // order: the trigger's notices, the larger id first (docs/rules/orders.md#live).
    const [{ id: top } = { id: 0 }] = await t.db
      .select({ id: orderEvents.id })
      .from(orderEvents)
      .orderBy(desc(orderEvents.id))
      .limit(1)
    const notice = (id: number, orderId: number) =>
      JSON.stringify({
        id,
        orderId,
        type: 'created',
        to: null,
        countryId: null,
        driverId: null,
        clientId: null,
      })
    await t.db.execute(sql`select pg_notify(${ORDERS_CHANNEL}, ${notice(top + 1002, 900_002)})`)
    await t.db.execute(sql`select pg_notify(${ORDERS_CHANNEL}, ${notice(top + 1001, 900_001)})`)
    await s.until(() => s.orders().some((e) => e.orderId === 900_001), 'the event committed second')
    expect(s.orders().map((e) => e.orderId)).toEqual([900_002, 900_001])
  })

  it('a stream that reconnects with Last-Event-ID is sent what it missed, in its country only', async () => {
    const admin = await signedIn(t, 'admin', 'SN')
    const first = await stream(admin.cookie)
    const a = await placeOrder('SN')
    await first.until(() => first.orders().some((e) => e.orderId === a), 'the first order')
    const lastId = first.events.findLast((e) => e.event === 'order')!.id!
    await first.close()
    const missed = await placeOrder('SN')
    const elsewhere = await placeOrder('ML')
    const again = await stream(admin.cookie, lastId)
    await again.until(() => again.orders().some((e) => e.orderId === missed), 'the missed order')
    expect(again.orders().some((e) => e.orderId === a)).toBe(false)
    expect(again.orders().some((e) => e.orderId === elsewhere)).toBe(false)
    // Sent once, in order.
    const ids = again.orders().map((e) => e.id)
    expect(ids).toEqual([...new Set(ids)].sort((x, y) => x - y))
    // Its notice heard only now (the fan-out's batch, an announcement after its commit): the
    // catch-up sent it already, so it is not sent again; the next order is.
    const caught = again.orders().find((e) => e.orderId === missed)!
    const [{ countryId } = { countryId: 0 }] = await t.db
      .select({ countryId: orders.countryId })
      .from(orders)
      .where(eq(orders.id, missed))
    const late = { ...caught, countryId, driverId: null, clientId: null }
    await t.db.execute(sql`select pg_notify(${ORDERS_CHANNEL}, ${JSON.stringify(late)})`)
    const next = await placeOrder('SN')
    await again.until(() => again.orders().some((e) => e.orderId === next), 'the next order')
    expect(again.orders().filter((e) => e.id === caught.id)).toHaveLength(1)
  })
})
