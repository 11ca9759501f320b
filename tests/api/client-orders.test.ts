import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders } from '../../src/server/db/schema'
import { movePoints } from '../../src/server/services/money/loyalty'
import type { Role } from '../../src/shared/domain/roles'
import { createProduct, decode, deliveryIn, get, postOrder, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

type Order = {
  id: number
  userId: number
  status: string
  totalAmount: number
  items: { productName: string }[]
  customer: { id: number }
}

let t: TestApp
let alice: Awaited<ReturnType<typeof signedIn>>
let bob: Awaited<ReturnType<typeof signedIn>>
const made: Order[] = []

async function order(who: { cookie: string }, productName: string, quantity = 1) {
  const p = await createProduct(t.db, {
    name: productName,
    unitType: 'unit',
    minQuantity: 1,
    pricePerUnit: 2500,
  })
  const res = await postOrder(
    t,
    { ...(await deliveryIn(t.db, 'SN')), items: [{ productId: p.id, quantity }] },
    who.cookie,
  )
  expect(res.statusCode, res.body).toBe(201)
  return decode<{ order: Order }>(res.body).order
}

beforeAll(async () => {
  t = await createTestApp()
  alice = await signedIn(t, 'client', 'SN')
  bob = await signedIn(t, 'client', 'SN')
  made.push(await order(alice, 'Côte de bœuf'))
  made.push(await order(alice, 'Merguez maison', 3))
  made.push(await order(alice, 'Poulet rôti'))
  made.push(await order(bob, 'Merguez de Bob'))
  // Distinct times, so "newest first" is visible whatever the clock's resolution.
  for (const [i, o] of made.entries()) {
    await t.db
      .update(orders)
      .set({ createdAt: new Date(Date.UTC(2026, 5, 1 + i)) })
      .where(eq(orders.id, o.id))
  }
  await t.db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, made[0]!.id))
})
afterAll(() => t.close())

describe('GET /_api/orders/details', () => {
  const details = (id: number | string, cookie?: string) =>
    get(t, `/_api/orders/details?orderId=${id}`, cookie)

  it("answers the client's own order with its items", async () => {
    const res = await details(made[1]!.id, alice.cookie)
    expect(res.statusCode).toBe(200)
    const { order: o } = decode<{ order: Order }>(res.body)
    expect(o).toMatchObject({
      id: made[1]!.id,
      userId: alice.user.id,
      totalAmount: 7500,
      customer: { id: alice.user.id },
    })
    expect(o.items.map((i) => i.productName)).toEqual(['Merguez maison'])
  })

  it("answers 404 for another client's order, as for a missing one", async () => {
    const res = await details(made[3]!.id, alice.cookie)
    expect(res.statusCode).toBe(404)
    expect(res.json().error).toBe('Commande non trouvée')
    expect((await details(999999, alice.cookie)).statusCode).toBe(404)
  })

  it('lets staff of the same country read it, root too; other countries get 404, drivers 403 (docs/rules/people.md#who-may-do-what: orders detail, driver –)', async () => {
    for (const role of ['admin', 'super_admin'] as Role[]) {
      expect((await details(made[0]!.id, (await signedIn(t, role, 'SN')).cookie)).statusCode).toBe(200)
      expect((await details(made[0]!.id, (await signedIn(t, role, 'ML')).cookie)).statusCode).toBe(404)
    }
    expect((await details(made[0]!.id, (await signedIn(t, 'root', 'ML')).cookie)).statusCode).toBe(200)
    expect((await details(made[0]!.id, (await signedIn(t, 'delivery_driver', 'SN')).cookie)).statusCode).toBe(
      403,
    )
  })

  it('answers 401 signed out', async () => {
    expect((await details(made[0]!.id)).statusCode).toBe(401)
  })

  it.each(['', '?orderId=', '?orderId=abc', '?orderId=-1'])(
    "answers 400 'ID de commande manquant ou invalide.' for %s",
    async (q) => {
      const res = await get(t, `/_api/orders/details${q}`, alice.cookie)
      expect(res.statusCode).toBe(400)
      expect(res.json().error).toBe('ID de commande manquant ou invalide.')
    },
  )
})

describe('GET /_api/orders', () => {
  const list = async (q = '', cookie = alice.cookie) => {
    const res = await get(t, `/_api/orders${q}`, cookie)
    expect(res.statusCode, res.body).toBe(200)
    return decode<{ orders: Order[] }>(res.body).orders
  }

  it("lists only the caller's orders, newest first, with their items", async () => {
    const mine = await list()
    expect(mine.map((o) => o.id)).toEqual([made[2]!.id, made[1]!.id, made[0]!.id])
    expect(mine[0]!.items.map((i) => i.productName)).toEqual(['Poulet rôti'])
    expect((await list('', bob.cookie)).map((o) => o.id)).toEqual([made[3]!.id])
  })

  it('searches by product name, case-insensitively, and by order number', async () => {
    expect((await list('?search=MERGUEZ')).map((o) => o.id)).toEqual([made[1]!.id])
    expect((await list(`?search=${made[0]!.id}`)).map((o) => o.id)).toEqual([made[0]!.id])
    expect((await list(`?search=%23${made[2]!.id}`)).map((o) => o.id)).toEqual([made[2]!.id])
    expect(await list(`?search=${made[3]!.id}`)).toEqual([])
    expect(await list('?search=%25')).toEqual([])
  })

  it('filters by status; empty or "all" means every status', async () => {
    expect((await list('?status=delivered')).map((o) => o.id)).toEqual([made[0]!.id])
    expect(await list('?status=pending&search=C%C3%B4te')).toEqual([])
    expect(await list('?status=')).toHaveLength(3)
    expect(await list('?status=all')).toHaveLength(3)
  })

  it('refuses an unknown status and unknown parameters', async () => {
    const res = await get(t, '/_api/orders?status=lost', alice.cookie)
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe('Statut de commande invalide.')
    expect((await get(t, '/_api/orders?userId=1', alice.cookie)).statusCode).toBe(400)
  })

  it('answers 401 signed out and 403 to staff', async () => {
    expect((await get(t, '/_api/orders')).statusCode).toBe(401)
    for (const role of ['root', 'super_admin', 'admin', 'delivery_driver'] as Role[]) {
      expect((await get(t, '/_api/orders', (await signedIn(t, role, 'SN')).cookie)).statusCode).toBe(403)
    }
  })
})

describe('GET /_api/dashboard/client', () => {
  it("answers the client's points, the point's value and its latest orders", async () => {
    await movePoints(t.db, { userId: alice.user.id, type: 'bonus', points: 42, description: 'Bienvenue' })
    const res = await get(t, '/_api/dashboard/client', alice.cookie)
    expect(res.statusCode).toBe(200)
    const body = decode<{ loyaltyPoints: number; pointValueInCfa: number; orders: Order[] }>(res.body)
    expect(body.loyaltyPoints).toBe(42)
    expect(body.pointValueInCfa).toBe(1)
    expect(body.orders.map((o) => o.id)).toEqual([made[2]!.id, made[1]!.id, made[0]!.id])
  })

  it('answers 401 signed out and 403 to staff', async () => {
    expect((await get(t, '/_api/dashboard/client')).statusCode).toBe(401)
    for (const role of ['root', 'super_admin', 'admin', 'delivery_driver'] as Role[]) {
      expect(
        (await get(t, '/_api/dashboard/client', (await signedIn(t, role, 'SN')).cookie)).statusCode,
      ).toBe(403)
    }
  })
})
