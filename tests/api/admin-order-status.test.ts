import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { orders } from '../../src/server/db/schema'
import { createOrder, decode, get, post } from '../factories'
import type { TestApp } from '../setup/test-app'
import { orderStatusFixture, type Cookies, type Order, type Staff } from './order-status-fixture'

/**
 * An order's details for staff and its status change (docs/rules/orders.md#order-status): events,
 * scope, refusals. What a change does to payment and points, and changes at once:
 * order-status-points.test.ts.
 */

const { f, setStatus, client } = orderStatusFixture()
let t: TestApp
let staff: Staff
let cookies: Cookies
beforeAll(() => {
  ;({ t, staff, cookies } = f)
})

describe('GET /_api/orderdetails', () => {
  it('answers the order with its items, customer and event history', async () => {
    const c = await client()
    const o = await createOrder(t.db, {
      user: c,
      lines: [{ price: 4500, quantity: 1.5, name: 'Filet de bœuf' }],
    })
    const res = await get(t, `/_api/orderdetails?orderId=${o.id}`, cookies.admin)
    expect(res.statusCode).toBe(200)
    const { order } = decode<{ order: Order }>(res.body)
    expect(order).toMatchObject({
      id: o.id,
      status: 'pending',
      paymentStatus: 'pending',
      totalAmount: 6750,
      pointsEarned: 0,
    })
    expect(order.items).toEqual([
      expect.objectContaining({
        productName: 'Filet de bœuf',
        quantity: 1.5,
        unitType: 'kg',
        totalPrice: 6750,
      }),
    ])
    expect(order.customer).toMatchObject({ name: 'Aminata Sow', email: c.email })
    expect(order.events).toEqual([
      expect.objectContaining({ type: 'created', toValue: 'pending', actorId: c.id }),
    ])
  })

  it('answers 404 for another country’s order (admin) and for an absent one; root reaches every country', async () => {
    const o = await createOrder(t.db, { user: await client('ML') })
    for (const url of [`/_api/orderdetails?orderId=${o.id}`, '/_api/orderdetails?orderId=999999']) {
      const res = await get(t, url, cookies.admin)
      expect(res.statusCode).toBe(404)
      expect(res.json().error).toBe('Commande non trouvée')
    }
    expect((await get(t, `/_api/orderdetails?orderId=${o.id}`, cookies.adminMl)).statusCode).toBe(200)
    expect((await get(t, `/_api/orderdetails?orderId=${o.id}`, cookies.root)).statusCode).toBe(200)
  })

  it('answers 400 for a missing or invalid id, 401 signed out, 403 for clients and drivers', async () => {
    for (const q of ['', '?orderId=abc', '?orderId=0']) {
      const res = await get(t, `/_api/orderdetails${q}`, cookies.admin)
      expect(res.statusCode).toBe(400)
      expect(res.json().error).toBe('ID de commande manquant ou invalide.')
    }
    expect((await get(t, '/_api/orderdetails?orderId=1')).statusCode).toBe(401)
    expect((await get(t, '/_api/orderdetails?orderId=1', cookies.client)).statusCode).toBe(403)
    expect((await get(t, '/_api/orderdetails?orderId=1', cookies.delivery_driver)).statusCode).toBe(403)
  })
})

describe('POST /_api/admin/orders/update-status', () => {
  it('sets a new status, writes a status event and answers the order', async () => {
    const o = await createOrder(t.db, { user: await client() })
    const res = await setStatus(o.id, 'in_preparation')
    expect(res.statusCode).toBe(200)
    const { order } = decode<{ order: Order }>(res.body)
    expect(order.status).toBe('in_preparation')
    expect(order.paymentStatus).toBe('pending')
    expect(order.events.at(-1)).toMatchObject({
      type: 'status',
      fromValue: 'pending',
      toValue: 'in_preparation',
      actorId: staff.user.id,
      actorName: staff.user.displayName,
    })
  })

  it('refuses the current status with 409 and changes nothing', async () => {
    const o = await createOrder(t.db, { user: await client() })
    const res = await setStatus(o.id, 'pending')
    expect(res.statusCode).toBe(409)
    expect(res.json().error).toBe('La commande a déjà le statut « En attente ».')
  })

  it('answers 400 with the schema’s messages, and stores nothing', async () => {
    const o = await createOrder(t.db, { user: await client() })
    const cases: [unknown, string][] = [
      [{ orderId: o.id, status: 'shipped' }, 'Statut de commande invalide.'],
      [{ orderId: o.id }, 'Statut de commande invalide.'],
      [{ status: 'delivered' }, 'ID de commande manquant ou invalide.'],
      [{ orderId: -1, status: 'delivered' }, 'ID de commande manquant ou invalide.'],
      [{ orderId: 1.5, status: 'delivered' }, 'ID de commande manquant ou invalide.'],
    ]
    for (const [body, message] of cases) {
      const res = await post(t, '/_api/admin/orders/update-status', body, staff.cookie)
      expect(res.statusCode).toBe(400)
      expect(res.json().error).toBe(message)
    }
    const extra = await post(
      t,
      '/_api/admin/orders/update-status',
      { orderId: o.id, status: 'delivered', pointsEarned: 5 },
      staff.cookie,
    )
    expect(extra.statusCode).toBe(400)
    const [row] = await t.db.select().from(orders).where(eq(orders.id, o.id))
    expect(row!.status).toBe('pending')
  })

  it('answers 404 for another country’s order; root may change it', async () => {
    const o = await createOrder(t.db, { user: await client('ML') })
    for (const cookie of [staff.cookie, cookies.admin]) {
      const res = await setStatus(o.id, 'cancelled', cookie)
      expect(res.statusCode).toBe(404)
      expect(res.json().error).toBe('Commande non trouvée')
    }
    expect((await setStatus(999999, 'cancelled')).statusCode).toBe(404)
    expect((await setStatus(o.id, 'in_preparation', cookies.root)).statusCode).toBe(200)
  })

  it('refuses signed-out callers (401), clients and drivers (403)', async () => {
    const o = await createOrder(t.db, { user: await client() })
    expect((await setStatus(o.id, 'cancelled', '')).statusCode).toBe(401)
    expect((await setStatus(o.id, 'cancelled', cookies.client)).statusCode).toBe(403)
    expect((await setStatus(o.id, 'delivered', cookies.delivery_driver)).statusCode).toBe(403)
  })
})
