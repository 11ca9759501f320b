import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderItems, orders, preparations, productPreparations, users } from '../../src/server/db/schema'
import { DEFAULT_PREPARATIONS } from '../../src/shared/domain/preparations'
import { reorderLines } from '../../src/client/features/client-orders/lib/reorder-lines'
import type { PublicProduct } from '../../src/shared/schemas/storefront'
import {
  countryByCode,
  createProduct,
  decode,
  deliveryIn,
  get,
  post,
  postOrder,
  signedIn,
  statusChange,
} from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

// docs/rules/catalogue.md#preparations, docs/rules/orders.md#preparations, decision 0051: a country's
// list of preparations, what a product offers of it, the line's preparation priced by the
// checkout's rule (per unit, discounted and weighed like the meat), refused when not offered,
// kept on the line as it was.

type Line = {
  id: number
  productId: number
  productName: string
  quantity: number
  unitPrice: number
  totalPrice: number
  weighedQuantity: number | null
  preparationId: number | null
  preparationName: string | null
  preparationPrice: number
}
type Order = {
  id: number
  subtotalAmount: number
  discountAmount: number
  totalAmount: number
  items: Line[]
}

let t: TestApp
let root: string
let superSn: string
let superMl: string
let admin: string
beforeAll(async () => {
  t = await createTestApp()
  root = (await signedIn(t, 'root', 'SN')).cookie
  superSn = (await signedIn(t, 'super_admin', 'SN')).cookie
  superMl = (await signedIn(t, 'super_admin', 'ML')).cookie
  admin = (await signedIn(t, 'admin', 'SN')).cookie
})
afterAll(() => t.close())

/** The id of a preparation of a country's list, by name. */
async function prep(code: string, name: string) {
  const country = await countryByCode(t.db, code)
  const [row] = await t.db
    .select()
    .from(preparations)
    .where(and(eq(preparations.countryId, country.id), eq(preparations.name, name)))
  return row!.id
}

/** "Gigot d'agneau" at 6 500 F the kg, offering Entier (default, free), Découpé en morceaux (+300 F/kg), Haché (+500 F/kg). */
async function gigot() {
  const p = await createProduct(t.db, {
    name: `Gigot d'agneau ${Math.random().toString(36).slice(2, 7)}`,
    pricePerUnit: 6500,
    unitType: 'kg',
    minQuantity: 1,
  })
  const res = await post(
    t,
    '/_api/admin/products/update',
    {
      id: p.id,
      preparations: [
        { preparationId: await prep('SN', 'Entier'), price: 0, isDefault: true },
        { preparationId: await prep('SN', 'Découpé en morceaux'), price: 300 },
        { preparationId: await prep('SN', 'Haché'), price: 500 },
      ],
    },
    superSn,
  )
  expect(res.statusCode, res.body).toBe(200)
  return p
}

const order = (res: { body: string }) => decode<{ order: Order }>(res.body).order
const countOrders = async () =>
  Number(
    ((await t.db.execute(sql`select count(*)::int as n from orders`)) as unknown as { rows: { n: number }[] })
      .rows[0]!.n,
  )

describe("a country's preparations", () => {
  it('every country starts with the shop’s list, in its order; a new country too', async () => {
    for (const code of ['SN', 'ML']) {
      const country = await countryByCode(t.db, code)
      const rows = await t.db
        .select({ name: preparations.name })
        .from(preparations)
        .where(eq(preparations.countryId, country.id))
        .orderBy(preparations.position)
      expect(rows.map((r) => r.name)).toEqual([...DEFAULT_PREPARATIONS])
    }
    const res = await post(
      t,
      '/_api/admin/countries',
      { name: 'Pays des préparations', code: 'PQ', currency: 'XOF', mobileMoneyProviders: ['Wave'] },
      root,
    )
    expect(res.statusCode, res.body).toBe(201)
    const id = decode<{ country: { id: number } }>(res.body).country.id
    const list = decode<{ preparations: { name: string }[] }>(
      (await get(t, `/_api/admin/preparations?countryId=${id}`, root)).body,
    )
    expect(list.preparations.map((p) => p.name)).toEqual([...DEFAULT_PREPARATIONS])
  })

  it('root and super_admin manage it, a super_admin its own country only; an admin cannot', async () => {
    const mine = await get(t, '/_api/admin/preparations', superSn)
    expect(mine.statusCode).toBe(200)
    const sn = await countryByCode(t.db, 'SN')
    expect(
      decode<{ preparations: { countryId: number }[] }>(mine.body).preparations.every(
        (p) => p.countryId === sn.id,
      ),
    ).toBe(true)
    expect((await get(t, '/_api/admin/preparations', admin)).statusCode).toBe(403)
    expect((await get(t, '/_api/admin/preparations', root)).statusCode).toBe(400)

    const created = await post(t, '/_api/admin/preparations', { name: 'Fumé' }, superSn)
    expect(created.statusCode, created.body).toBe(201)
    const fume = decode<{ preparation: { id: number; name: string; countryId: number } }>(
      created.body,
    ).preparation
    expect(fume).toMatchObject({ name: 'Fumé', countryId: sn.id })
    const twice = await post(t, '/_api/admin/preparations', { name: 'fumé' }, superSn)
    expect(twice.statusCode).toBe(409)
    expect(twice.json().error).toBe('Cette préparation existe déjà dans ce pays.')

    // Another country's preparation answers 404, as absent.
    expect(
      (await post(t, '/_api/admin/preparations/update', { id: fume.id, name: 'Séché' }, superMl)).statusCode,
    ).toBe(404)
    expect((await post(t, '/_api/admin/preparations/delete', { id: fume.id }, superMl)).statusCode).toBe(404)
    const renamed = await post(
      t,
      '/_api/admin/preparations/update',
      { id: fume.id, name: 'Fumé au bois' },
      superSn,
    )
    expect(decode<{ preparation: { name: string } }>(renamed.body).preparation.name).toBe('Fumé au bois')
    expect((await post(t, '/_api/admin/preparations', { name: 'x' }, superSn)).statusCode).toBe(400)
    expect((await post(t, '/_api/admin/preparations/delete', { id: fume.id }, superSn)).statusCode).toBe(200)
  })

  it('a product offers preparations of its own country only, one default at most', async () => {
    const p = await createProduct(t.db, { pricePerUnit: 4000 })
    const mali = await prep('ML', 'Haché')
    const other = await post(
      t,
      '/_api/admin/products/update',
      { id: p.id, preparations: [{ preparationId: mali, price: 0 }] },
      root,
    )
    expect(other.statusCode).toBe(400)
    expect(other.json().error).toBe('Une préparation choisie n’est pas de la liste du pays du produit.')
    const two = await post(
      t,
      '/_api/admin/products/update',
      {
        id: p.id,
        preparations: [
          { preparationId: await prep('SN', 'Entier'), price: 0, isDefault: true },
          { preparationId: await prep('SN', 'Haché'), price: 0, isDefault: true },
        ],
      },
      root,
    )
    expect(two.statusCode).toBe(400)
    expect(
      await t.db.select().from(productPreparations).where(eq(productPreparations.productId, p.id)),
    ).toEqual([])

    const created = await post(
      t,
      '/_api/admin/products',
      {
        name: 'Poulet de chair',
        pricePerUnit: 3500,
        unitType: 'unit',
        minQuantity: 1,
        isActive: true,
        preparations: [
          { preparationId: await prep('SN', 'Découpé en morceaux'), price: 250 },
          { preparationId: await prep('SN', 'Entier'), price: 0, isDefault: true },
        ],
      },
      superSn,
    )
    expect(created.statusCode, created.body).toBe(201)
    const product = decode<{ product: PublicProduct }>(created.body).product
    // The default first, then the country's order.
    expect(product.preparations.map((o) => [o.name, o.price, o.isDefault])).toEqual([
      ['Entier', 0, true],
      ['Découpé en morceaux', 250, false],
    ])
    // The storefront answers them too.
    const listed = decode<{ products: PublicProduct[] }>(
      (await get(t, `/_api/products?ids=${product.id}`)).body,
    ).products
    expect(listed[0]!.preparations).toEqual(product.preparations)
  })
})

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

describe('reordering an old order', () => {
  it('keeps each preparation the product still offers and names those it does not', async () => {
    const c = await signedIn(t, 'client', 'SN')
    const p = await gigot()
    const cut = await prep('SN', 'Découpé en morceaux')
    const minced = await prep('SN', 'Haché')
    const placed = order(
      await postOrder(
        t,
        {
          ...(await deliveryIn(t.db, 'SN')),
          items: [
            { productId: p.id, quantity: 1.5, preparationId: cut },
            { productId: p.id, quantity: 1, preparationId: minced },
          ],
        },
        c.cookie,
      ),
    )
    // The product stops offering "Haché".
    await t.db
      .delete(productPreparations)
      .where(and(eq(productPreparations.productId, p.id), eq(productPreparations.preparationId, minced)))
    const old = decode<{ order: Order }>(
      (await get(t, `/_api/orders/details?orderId=${placed.id}`, c.cookie)).body,
    ).order
    const products = decode<{ products: PublicProduct[] }>(
      (await get(t, `/_api/products?ids=${p.id}`)).body,
    ).products
    const session = (await get(t, '/_api/auth/session', c.cookie)).json<{
      user: Parameters<typeof reorderLines>[2]
    }>().user
    const { lines, missing, changed } = reorderLines(
      old as unknown as Parameters<typeof reorderLines>[0],
      products,
      session,
    )
    expect(missing).toEqual([])
    expect(lines.map((l) => [l.quantity, l.preparationName, l.preparationPrice])).toEqual([
      [1.5, 'Découpé en morceaux', 300],
      [1, 'Entier', 0],
    ])
    expect(changed).toEqual([`${p.name} : « Haché »`])
  })
})
