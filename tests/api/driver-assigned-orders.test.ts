import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOrder, createUser, decode, get, post, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * docs/rules/delivery.md#assigning-a-driver and #the-drivers-round: an order assigned to a driver
 * is its own before it leaves for delivery. The driver sees it (labelled by its status) and the
 * assign page counts it in the driver's load, until it is delivered or cancelled.
 */
type Order = { id: number; status: string }
type Dashboard = { inDeliveryOrders: Order[]; assignedOrders: Order[]; deliveredOrders: Order[] }
type Driver = { id: number; inDelivery: { orderId: number; status: string }[] }

let t: TestApp
let driver: Awaited<ReturnType<typeof signedIn>>
let other: Awaited<ReturnType<typeof signedIn>>
let admin: string
let client: Awaited<ReturnType<typeof createUser>>

beforeAll(async () => {
  t = await createTestApp()
  driver = await signedIn(t, 'delivery_driver', 'SN')
  other = await signedIn(t, 'delivery_driver', 'SN')
  admin = (await signedIn(t, 'admin', 'SN')).cookie
  client = await createUser(t.db, { country: 'SN' })
})
afterAll(() => t.close())

const dashboard = async (cookie: string) => {
  const res = await get(t, '/_api/dashboard/delivery', cookie)
  expect(res.statusCode, res.body).toBe(200)
  return decode<Dashboard>(res.body)
}
const loadOf = async (driverId: number) => {
  const res = await get(t, '/_api/drivers', admin)
  expect(res.statusCode, res.body).toBe(200)
  return decode<{ drivers: Driver[] }>(res.body).drivers.find((d) => d.id === driverId)!.inDelivery
}

describe('orders assigned to a driver before they leave', () => {
  it('are on the driver’s dashboard with their status, its own only, and count in its load', async () => {
    // Two orders being prepared, assigned through the staff's own call.
    const a = await createOrder(t.db, { user: client, status: 'in_preparation' })
    const b = await createOrder(t.db, { user: client, status: 'pending' })
    for (const o of [a, b]) {
      const res = await post(t, '/_api/assigndriver', { orderId: o.id, driverId: driver.user.id }, admin)
      expect(res.statusCode, res.body).toBe(200)
    }
    const road = await createOrder(t.db, { user: client, status: 'in_delivery', driverId: driver.user.id })
    await createOrder(t.db, { user: client, status: 'delivered', driverId: driver.user.id })
    await createOrder(t.db, { user: client, status: 'cancelled', driverId: driver.user.id })
    const others = await createOrder(t.db, {
      user: client,
      status: 'in_preparation',
      driverId: other.user.id,
    })

    const mine = await dashboard(driver.cookie)
    expect(mine.assignedOrders.map((o) => [o.id, o.status]).sort()).toEqual(
      [
        [a.id, 'in_preparation'],
        [b.id, 'pending'],
      ].sort(),
    )
    expect(mine.inDeliveryOrders.map((o) => o.id)).toEqual([road.id])
    // Another driver's order is never on this one's list, and the other sees only its own.
    expect((await dashboard(other.cookie)).assignedOrders.map((o) => o.id)).toEqual([others.id])

    const load = await loadOf(driver.user.id)
    expect(load.map((l) => l.orderId).sort()).toEqual([a.id, b.id, road.id].sort())
    expect(load.find((l) => l.orderId === a.id)?.status).toBe('in_preparation')
    expect(load.find((l) => l.orderId === road.id)?.status).toBe('in_delivery')
  })
})
