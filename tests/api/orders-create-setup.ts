import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect } from 'vitest'
import { orders } from '../../src/server/db/schema'
import { createProduct, deliveryIn, postOrder, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * What the checkout files share (orders-create.test.ts, orders-create-place.test.ts): the app, a
 * signed-in client, a delivery zone, a kg and a unit product, and the order's body.
 */
export type Order = {
  id: number
  userId: number
  status: string
  paymentStatus: string
  subtotalAmount: number
  discountAmount: number
  discountPercent: number | null
  pointsUsed: number
  pointValue: number
  pointsDiscountAmount: number
  totalAmount: number
  deliveryCity: string
  deliveryCountry: string
  zoneName: string
  notes: string | null
  items: {
    productId: number
    productName: string
    unitPrice: number
    unitType: string
    quantity: number
    totalPrice: number
  }[]
  events: { type: string; toValue: string | null; actorId: number | null }[]
}

export let t: TestApp
export let client: Awaited<ReturnType<typeof signedIn>>
export let delivery: Awaited<ReturnType<typeof deliveryIn>>
export let kg: Awaited<ReturnType<typeof createProduct>>
export let unit: Awaited<ReturnType<typeof createProduct>>

/**
 * This file's own app and callers. Called at the top of each file: the API files share their
 * worker's modules (vitest.config.ts), so the hooks are registered per file.
 */
export function useCheckoutApp() {
  beforeAll(async () => {
    t = await createTestApp()
    client = await signedIn(t, 'client', 'SN')
    delivery = await deliveryIn(t.db, 'SN')
    kg = await createProduct(t.db, {
      name: 'Filet de bœuf',
      pricePerUnit: 9000,
      unitType: 'kg',
      minQuantity: 0.5,
    })
    unit = await createProduct(t.db, {
      name: 'Poulet fermier',
      pricePerUnit: 4500,
      unitType: 'unit',
      minQuantity: 1,
    })
  })
  afterAll(() => t.close())
}

export const payload = (over: Record<string, unknown> = {}) => ({
  items: [
    { productId: kg.id, quantity: 1.5 },
    { productId: unit.id, quantity: 2 },
  ],
  ...delivery,
  pointsToUse: 0,
  notes: 'Sonner deux fois',
  ...over,
})

export const countOrders = async (userId: number) =>
  (await t.db.select().from(orders).where(eq(orders.userId, userId))).length

export async function expect400(body: unknown, message: string, cookie = client.cookie) {
  const before = await t.db.select().from(orders)
  const res = await postOrder(t, body, cookie)
  expect(res.statusCode, res.body).toBe(400)
  expect(res.json().error).toBe(message)
  expect((await t.db.select().from(orders)).length).toBe(before.length)
  return res.json()
}
