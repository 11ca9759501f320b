import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, users } from '../../src/server/db/schema'
import { createOrder, createUser, decode, get, post, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

type Order = {
  id: number
  status: string
  paymentStatus: string
  pointsEarned: number
  totalAmount: number
  deliveryAddress: string
  deliveryPhone: string
  events: { type: string; actorId: number | null; toValue: string | null }[]
}

let t: TestApp
let driver: { user: { id: number }; cookie: string }
let other: { user: { id: number }; cookie: string }
const cookies = {} as Record<string, string> &
  Record<'root' | 'super_admin' | 'admin' | 'client' | 'delivery_driver' | 'adminMl', string>
let client: Awaited<ReturnType<typeof createUser>>

beforeAll(async () => {
  t = await createTestApp()
  driver = await signedIn(t, 'delivery_driver', 'SN')
  other = await signedIn(t, 'delivery_driver', 'SN')
  client = await createUser(t.db, { country: 'SN' })
  for (const role of ['admin', 'super_admin', 'root', 'client'] as const)
    cookies[role] = (await signedIn(t, role, 'SN')).cookie
})
afterAll(() => t.close())

const confirm = (orderId: unknown, cookie = driver.cookie) =>
  post(t, '/_api/delivery/confirm', { orderId }, cookie)

describe('GET /_api/dashboard/delivery', () => {
  it('lists only the driver’s own in-delivery and delivered orders', async () => {
    const mine = async (status: 'in_delivery' | 'delivered' | 'in_preparation', driverId = driver.user.id) =>
      (await createOrder(t.db, { user: client, status, driverId })).id
    const a = await mine('in_delivery')
    const b = await mine('in_delivery')
    const c = await mine('delivered')
    await mine('in_preparation')
    await mine('in_delivery', other.user.id)
    const res = await get(t, '/_api/dashboard/delivery', driver.cookie)
    expect(res.statusCode).toBe(200)
    const body = decode<{ inDeliveryOrders: Order[]; deliveredOrders: Order[] }>(res.body)
    expect(body.inDeliveryOrders.map((o) => o.id).sort()).toEqual([a, b].sort())
    expect(body.deliveredOrders.map((o) => o.id)).toEqual([c])
    expect(body.inDeliveryOrders[0]).toMatchObject({
      deliveryAddress: '12 rue des Tests',
      deliveryPhone: '+221 77 111 11 11',
      totalAmount: 5000,
    })
  })

  it('refuses signed-out callers (401) and every other role (403)', async () => {
    expect((await get(t, '/_api/dashboard/delivery')).statusCode).toBe(401)
    for (const role of ['admin', 'super_admin', 'root', 'client']) {
      expect((await get(t, '/_api/dashboard/delivery', cookies[role])).statusCode).toBe(403)
    }
  })
})

describe('POST /_api/delivery/confirm', () => {
  it('moves the driver’s in_delivery order to delivered, paid, and credits the client’s points', async () => {
    const before = (await t.db.select().from(users).where(eq(users.id, client.id)))[0]!.loyaltyPoints
    const o = await createOrder(t.db, {
      user: client,
      status: 'in_delivery',
      driverId: driver.user.id,
      lines: [{ price: 7_550, quantity: 2 }],
    })
    const res = await confirm(o.id)
    expect(res.statusCode).toBe(200)
    const { order } = decode<{ order: Order }>(res.body)
    expect(order).toMatchObject({ status: 'delivered', paymentStatus: 'paid', pointsEarned: 151 })
    expect(order.events.slice(-2)).toMatchObject([
      { type: 'status', actorId: driver.user.id, toValue: 'delivered' },
      { type: 'payment', actorId: driver.user.id, toValue: 'paid' },
    ])
    const after = (await t.db.select().from(users).where(eq(users.id, client.id)))[0]!.loyaltyPoints
    expect(after - before).toBe(151)
  })

  it('answers 404 for another driver’s order, an unassigned one and an absent one', async () => {
    const others = await createOrder(t.db, { user: client, status: 'in_delivery', driverId: other.user.id })
    const unassigned = await createOrder(t.db, { user: client, status: 'in_delivery' })
    for (const id of [others.id, unassigned.id, 999999]) {
      const res = await confirm(id)
      expect(res.statusCode).toBe(404)
      expect(res.json().error).toBe('Commande non trouvée')
    }
    const [row] = await t.db.select().from(orders).where(eq(orders.id, others.id))
    expect(row!.status).toBe('in_delivery')
  })

  it('answers 409 for its own order that is not in delivery', async () => {
    for (const status of ['in_preparation', 'delivered', 'cancelled'] as const) {
      const o = await createOrder(t.db, { user: client, status, driverId: driver.user.id })
      const res = await confirm(o.id)
      expect(res.statusCode).toBe(409)
      expect(res.json().error).toBe('Seules les commandes en livraison peuvent être confirmées.')
    }
  })

  it('answers 400 for a missing or invalid id, 401 signed out, 403 for every other role', async () => {
    for (const body of [{}, { orderId: 'x' }, { orderId: 0 }]) {
      const res = await post(t, '/_api/delivery/confirm', body, driver.cookie)
      expect(res.statusCode).toBe(400)
      expect(res.json().error).toBe('ID de commande manquant ou invalide.')
    }
    const o = await createOrder(t.db, { user: client, status: 'in_delivery', driverId: driver.user.id })
    expect((await confirm(o.id, '')).statusCode).toBe(401)
    for (const role of ['admin', 'super_admin', 'root', 'client'])
      expect((await confirm(o.id, cookies[role])).statusCode).toBe(403)
  })
})
