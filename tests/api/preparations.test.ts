import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { preparations, productPreparations } from '../../src/server/db/schema'
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
} from '../factories'
import {
  type Order,
  t,
  root,
  superSn,
  superMl,
  admin,
  prep,
  gigot,
  order,
  usePreparationsApp,
} from './preparations-setup'

// Preparations (docs/rules/catalogue.md#preparations): a country's list, and reordering an old
// order; checkout with preparations in preparations-checkout.test.ts.
usePreparationsApp()

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
