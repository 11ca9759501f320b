import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, users } from '../../src/server/db/schema'
import { MAX_ORDER_AMOUNT, MAX_UNIT_PRICE, ORDER_CEILING_MESSAGE } from '../../src/shared/domain/pricing'
import {
  createOrder,
  createProduct,
  createUser,
  decode,
  deliveryIn,
  grantPoints,
  post,
  postOrder,
  signedIn,
} from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * Money never overflows (docs/rules/api.md#limits): a unit price above its ceiling is refused, an
 * order above its ceiling is refused with a French message and stores nothing, the largest
 * order allowed is stored exactly, and a balance of points may pass int4.
 */
let t: TestApp
let client: Awaited<ReturnType<typeof signedIn>>
let root: Awaited<ReturnType<typeof signedIn>>
let delivery: Awaited<ReturnType<typeof deliveryIn>>

beforeAll(async () => {
  t = await createTestApp()
  client = await signedIn(t, 'client', 'SN')
  root = await signedIn(t, 'root', 'SN')
  delivery = await deliveryIn(t.db, 'SN')
})
afterAll(() => t.close())

const orderCount = async () =>
  Number(
    ((await t.db.execute(sql`select count(*)::int as n from orders`)) as unknown as { rows: { n: number }[] })
      .rows[0]!.n,
  )

describe('order ceiling', () => {
  it('refuses an order above the ceiling with 400 and a French message, and stores nothing (the order that answered 500 or was stored as 2.1 billion)', async () => {
    const dear = await createProduct(t.db, {
      name: 'Bœuf entier',
      pricePerUnit: MAX_UNIT_PRICE,
      unitType: 'unit',
      minQuantity: 1,
    })
    const before = await orderCount()
    for (const quantity of [6, 21, 22, 1000]) {
      const res = await postOrder(
        t,
        { items: [{ productId: dear.id, quantity }], ...delivery },
        client.cookie,
      )
      expect(res.statusCode, `quantity ${quantity}: ${res.body}`).toBe(400)
      expect(res.json()).toMatchObject({
        error: ORDER_CEILING_MESSAGE,
        fieldErrors: { items: [ORDER_CEILING_MESSAGE] },
      })
    }
    expect(await orderCount()).toBe(before)
  })

  it('stores the largest order allowed exactly', async () => {
    const dear = await createProduct(t.db, {
      name: 'Carcasse',
      pricePerUnit: MAX_UNIT_PRICE,
      unitType: 'unit',
      minQuantity: 1,
    })
    const res = await postOrder(
      t,
      { items: [{ productId: dear.id, quantity: MAX_ORDER_AMOUNT / MAX_UNIT_PRICE }], ...delivery },
      client.cookie,
    )
    expect(res.statusCode, res.body).toBe(201)
    const { order } = decode<{ order: { id: number; totalAmount: number } }>(res.body)
    expect(order.totalAmount).toBe(MAX_ORDER_AMOUNT)
    const [row] = await t.db.select({ total: orders.totalAmount }).from(orders).where(eq(orders.id, order.id))
    expect(row!.total).toBe(MAX_ORDER_AMOUNT)
  })

  it('refuses a unit price above its ceiling and more points than any order can take', async () => {
    const res = await post(
      t,
      '/_api/admin/products',
      {
        name: 'Trop cher',
        pricePerUnit: MAX_UNIT_PRICE + 1,
        unitType: 'kg',
        minQuantity: 1,
        countryId: client.user.countryId,
      },
      root.cookie,
    )
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().fieldErrors.pricePerUnit[0]).toBe('Le prix ne peut pas dépasser 10 000 000 F CFA.')
    const points = await postOrder(
      t,
      { items: [{ productId: 1, quantity: 1 }], ...delivery, pointsToUse: MAX_ORDER_AMOUNT + 1 },
      client.cookie,
    )
    expect(points.statusCode).toBe(400)
    expect(points.json().fieldErrors.pointsToUse).toBeDefined()
  })
})

describe('loyalty balance', () => {
  it('may pass 2,147,483,647 points: delivering an order credits it exactly', async () => {
    const rich = await createUser(t.db, { role: 'client', country: 'SN' })
    await grantPoints(t.db, rich.id, 2_147_483_000)
    const order = await createOrder(t.db, {
      user: rich,
      lines: [{ price: 100_000, quantity: 1, unitType: 'unit' }],
    })
    const res = await post(
      t,
      '/_api/admin/orders/update-status',
      { orderId: order.id, status: 'delivered' },
      root.cookie,
    )
    expect(res.statusCode, res.body).toBe(200)
    const [row] = await t.db.select({ points: users.loyaltyPoints }).from(users).where(eq(users.id, rich.id))
    expect(row!.points).toBe(2_147_483_000 + 1_000)
  })
})
