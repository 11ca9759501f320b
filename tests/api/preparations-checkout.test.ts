import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { orderItems, orders, productPreparations, users } from '../../src/server/db/schema'
import { createProduct, decode, deliveryIn, get, post, postOrder, signedIn, statusChange } from '../factories'
import {
  type Order,
  t,
  superSn,
  admin,
  prep,
  gigot,
  order,
  countOrders,
  usePreparationsApp,
} from './preparations-setup'

// POST /_api/orders/create with preparations (docs/rules/orders.md#preparations, decision 0051).
usePreparationsApp()

describe('POST /_api/orders/create with preparations', () => {
  it('prices the preparation per kg into the line and keeps it on the line as it was', async () => {
    const c = await signedIn(t, 'client', 'SN')
    const p = await gigot()
    const cut = await prep('SN', 'Découpé en morceaux')
    const res = await postOrder(
      t,
      { ...(await deliveryIn(t.db, 'SN')), items: [{ productId: p.id, quantity: 1.5, preparationId: cut }] },
      c.cookie,
    )
    expect(res.statusCode, res.body).toBe(201)
    const o = order(res)
    // (6 500 + 300) × 1,5 = 10 200
    expect(o.items[0]).toMatchObject({
      unitPrice: 6800,
      quantity: 1.5,
      totalPrice: 10_200,
      preparationId: cut,
      preparationName: 'Découpé en morceaux',
      preparationPrice: 300,
    })
    expect(o.subtotalAmount).toBe(10_200)

    // Later edits change nothing of the order: the preparation renamed, repriced, then removed.
    await post(t, '/_api/admin/preparations/update', { id: cut, name: 'En morceaux' }, superSn)
    await t.db
      .update(productPreparations)
      .set({ price: 900 })
      .where(eq(productPreparations.preparationId, cut))
    const again = decode<{ order: Order }>(
      (await get(t, `/_api/orders/details?orderId=${o.id}`, c.cookie)).body,
    ).order
    expect(again.items[0]).toMatchObject({
      preparationName: 'Découpé en morceaux',
      preparationPrice: 300,
      totalPrice: 10_200,
    })
    await post(t, '/_api/admin/preparations/update', { id: cut, name: 'Découpé en morceaux' }, superSn)
  })

  it('takes the product’s default when none is asked; none without a default', async () => {
    const c = await signedIn(t, 'client', 'SN')
    const p = await gigot()
    const plain = await createProduct(t.db, { pricePerUnit: 2000, unitType: 'unit' })
    const res = await postOrder(
      t,
      {
        ...(await deliveryIn(t.db, 'SN')),
        items: [
          { productId: p.id, quantity: 1 },
          { productId: plain.id, quantity: 2 },
        ],
      },
      c.cookie,
    )
    expect(res.statusCode, res.body).toBe(201)
    const [a, b] = order(res).items
    expect(a).toMatchObject({ preparationName: 'Entier', preparationPrice: 0, unitPrice: 6500 })
    expect(b).toMatchObject({
      preparationId: null,
      preparationName: null,
      preparationPrice: 0,
      unitPrice: 2000,
    })
  })

  it('the same product with two preparations is two lines; twice the same is refused', async () => {
    const c = await signedIn(t, 'client', 'SN')
    const p = await gigot()
    const cut = await prep('SN', 'Découpé en morceaux')
    const minced = await prep('SN', 'Haché')
    const delivery = await deliveryIn(t.db, 'SN')
    const res = await postOrder(
      t,
      {
        ...delivery,
        items: [
          { productId: p.id, quantity: 1.5, preparationId: cut },
          { productId: p.id, quantity: 1, preparationId: minced },
        ],
      },
      c.cookie,
    )
    expect(res.statusCode, res.body).toBe(201)
    expect(order(res).items.map((i) => [i.preparationName, i.totalPrice])).toEqual([
      ['Découpé en morceaux', 10_200],
      ['Haché', 7000],
    ])
    const twice = await postOrder(
      t,
      {
        ...delivery,
        items: [
          { productId: p.id, quantity: 1, preparationId: cut },
          { productId: p.id, quantity: 2, preparationId: cut },
        ],
      },
      c.cookie,
    )
    expect(twice.statusCode).toBe(400)
    // Left out, the default: the same line as the default asked for.
    const entier = await prep('SN', 'Entier')
    const sameByDefault = await postOrder(
      t,
      {
        ...delivery,
        items: [
          { productId: p.id, quantity: 1 },
          { productId: p.id, quantity: 2, preparationId: entier },
        ],
      },
      c.cookie,
    )
    expect(sameByDefault.statusCode).toBe(400)
  })

  it('refuses a preparation the product does not offer: 400 in French, nothing written', async () => {
    const c = await signedIn(t, 'client', 'SN')
    const p = await gigot()
    const before = await countOrders()
    for (const preparationId of [await prep('SN', 'Mariné'), await prep('ML', 'Haché'), 2_000_000]) {
      const res = await postOrder(
        t,
        { ...(await deliveryIn(t.db, 'SN')), items: [{ productId: p.id, quantity: 1, preparationId }] },
        c.cookie,
      )
      expect(res.statusCode).toBe(400)
      const body = res.json<{ error: string; fieldErrors: Record<string, string[]> }>()
      expect(body.error).toBe(
        `La préparation choisie n'est pas (ou plus) proposée pour « ${p.name} » : choisissez-en une autre.`,
      )
      expect(Object.keys(body.fieldErrors)).toEqual(['items.0.preparationId'])
    }
    expect(await countOrders()).toBe(before)
  })

  it('discounts the preparation like the meat', async () => {
    const c = await signedIn(t, 'client', 'SN')
    await t.db.update(users).set({ customDiscountPercent: 10 }).where(eq(users.id, c.user.id))
    const p = await gigot()
    const res = await postOrder(
      t,
      {
        ...(await deliveryIn(t.db, 'SN')),
        items: [{ productId: p.id, quantity: 2, preparationId: await prep('SN', 'Haché') }],
      },
      c.cookie,
    )
    expect(res.statusCode, res.body).toBe(201)
    const o = order(res)
    // (6 500 + 500) × 2 = 14 000; 10 % = 1 400
    expect(o).toMatchObject({ subtotalAmount: 14_000, discountAmount: 1400 })
  })

  it('a per-kg preparation follows the weighed weight', async () => {
    const c = await signedIn(t, 'client', 'SN')
    const p = await gigot()
    const res = await postOrder(
      t,
      {
        ...(await deliveryIn(t.db, 'SN')),
        items: [{ productId: p.id, quantity: 1.5, preparationId: await prep('SN', 'Découpé en morceaux') }],
      },
      c.cookie,
    )
    const o = order(res)
    expect(
      (await post(t, '/_api/admin/orders/update-status', statusChange(o.id, 'in_preparation'), admin))
        .statusCode,
    ).toBe(200)
    const weighed = await post(
      t,
      '/_api/admin/orders/weigh',
      { orderId: o.id, lines: [{ itemId: o.items[0]!.id, weighedQuantity: 1.62 }] },
      admin,
    )
    expect(weighed.statusCode, weighed.body).toBe(200)
    // (6 500 + 300) × 1,62 = 11 016
    expect(order(weighed).items[0]).toMatchObject({
      weighedQuantity: 1.62,
      totalPrice: 11_016,
      preparationPrice: 300,
    })
    const [stored] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, o.id))
    expect(stored).toMatchObject({ preparationName: 'Découpé en morceaux', totalPrice: 11_016 })
    const [row] = await t.db.select().from(orders).where(eq(orders.id, o.id))
    expect(row!.subtotalAmount).toBe(11_016)
  })
})
