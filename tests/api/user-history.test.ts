import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { movePoints } from '../../src/server/services/money/loyalty'
import { insertOrder, createProduct, createUser, decode, get, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

let t: TestApp
let root: string, superSn: string, adminSn: string, driver: string
beforeAll(async () => {
  t = await createTestApp()
  root = (await signedIn(t, 'root', 'SN')).cookie
  superSn = (await signedIn(t, 'super_admin', 'SN')).cookie
  adminSn = (await signedIn(t, 'admin', 'SN')).cookie
  driver = (await signedIn(t, 'delivery_driver', 'SN')).cookie
})
afterAll(() => t.close())

type History = {
  user: { id: number; displayName: string; loyaltyPoints: number }
  orders: { id: number; totalAmount: number; items: { productName: string }[]; customer: { id: number } }[]
  loyaltyTransactions: { points: number; transactionType: string; description: string; createdAt: Date }[]
}

describe('GET /_api/admin/userhistory', () => {
  it('gives the account, its orders (full answers, newest first) and its points', async () => {
    const c = await createUser(t.db, { role: 'client', displayName: 'Awa Fall' })
    const p = await createProduct(t.db, { pricePerUnit: 3000 })
    const o1 = await insertOrder(t.db, {
      userId: c.id,
      lines: [{ product: p, quantity: 1 }],
      createdAt: new Date('2026-01-01T00:00:00Z'),
    })
    const o2 = await insertOrder(t.db, {
      userId: c.id,
      lines: [{ product: p, quantity: 2 }],
      createdAt: new Date('2026-01-02T00:00:00Z'),
    })
    await movePoints(t.db, {
      userId: c.id,
      orderId: o1.id,
      type: 'earned',
      points: 30,
      description: 'Commande livrée',
    })
    const res = await get(t, `/_api/admin/userhistory?userId=${c.id}`, adminSn)
    expect(res.statusCode).toBe(200)
    const h = decode<History>(res.body)
    expect(h.user).toMatchObject({ id: c.id, displayName: 'Awa Fall', loyaltyPoints: 30 })
    expect(h.orders.map((o) => o.id)).toEqual([o2.id, o1.id])
    expect(h.orders[0]).toMatchObject({ totalAmount: 6000, customer: { id: c.id } })
    expect(h.orders[0]!.items[0]!.productName).toBe(p.name)
    expect(h.loyaltyTransactions).toEqual([
      expect.objectContaining({
        points: 30,
        transactionType: 'earned',
        description: 'Commande livrée',
        createdAt: expect.any(Date),
      }),
    ])
  })
  it('answers empty lists for an account without orders', async () => {
    const c = await createUser(t.db, { role: 'delivery_driver' })
    const h = decode<History>((await get(t, `/_api/admin/userhistory?userId=${c.id}`, superSn)).body)
    expect(h.orders).toEqual([])
    expect(h.loyaltyTransactions).toEqual([])
  })
  it('keeps to the users list’s scope: 404 outside it', async () => {
    const ml = await createUser(t.db, { role: 'client', country: 'ML' })
    const adminAccount = await createUser(t.db, { role: 'admin', country: 'SN' })
    const rootAccount = await createUser(t.db, { role: 'root', country: 'SN' })
    expect((await get(t, `/_api/admin/userhistory?userId=${ml.id}`, superSn)).statusCode).toBe(404)
    expect((await get(t, `/_api/admin/userhistory?userId=${ml.id}`, root)).statusCode).toBe(200)
    expect((await get(t, `/_api/admin/userhistory?userId=${adminAccount.id}`, adminSn)).statusCode).toBe(404)
    expect((await get(t, `/_api/admin/userhistory?userId=${adminAccount.id}`, superSn)).statusCode).toBe(200)
    expect((await get(t, `/_api/admin/userhistory?userId=${rootAccount.id}`, superSn)).statusCode).toBe(404)
    expect((await get(t, '/_api/admin/userhistory?userId=999999', root)).statusCode).toBe(404)
  })
  it('requires a user id and a staff role', async () => {
    const res = await get(t, '/_api/admin/userhistory', root)
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe('User ID is required.')
    expect((await get(t, '/_api/admin/userhistory?userId=abc', root)).json().error).toBe(
      'User ID is required.',
    )
    expect((await get(t, '/_api/admin/userhistory?userId=1', driver)).statusCode).toBe(403)
    expect((await get(t, '/_api/admin/userhistory?userId=1')).statusCode).toBe(401)
  })
})
