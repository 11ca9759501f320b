import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { orderItems, orders } from '../../src/server/db/schema'
import type { Role } from '../../src/shared/domain/roles'
import { createProduct, decode, postOrder, signedIn } from '../factories'
import {
  type Order,
  t,
  client,
  kg,
  unit,
  payload,
  countOrders,
  expect400,
  useCheckoutApp,
} from './orders-create-setup'

/**
 * POST /_api/orders/create (docs/rules/orders.md): the happy path, who may order, the messages,
 * tampered bodies, products and quantities; the rest in orders-create-place.test.ts.
 */
useCheckoutApp()

describe('POST /_api/orders/create: the happy path', () => {
  it('prices on the server, snapshots the lines, writes the created event, answers 201 { order }', async () => {
    const res = await postOrder(t, payload(), client.cookie)
    expect(res.statusCode, res.body).toBe(201)
    const { order } = decode<{ order: Order }>(res.body)
    expect(order).toMatchObject({
      userId: client.user.id,
      status: 'pending',
      paymentStatus: 'pending',
      subtotalAmount: 13500 + 9000,
      discountAmount: 0,
      discountPercent: null,
      pointsUsed: 0,
      pointsDiscountAmount: 0,
      totalAmount: 22500,
      deliveryCity: 'Dakar',
      deliveryCountry: 'Sénégal',
      zoneName: 'Plateau',
      notes: 'Sonner deux fois',
    })
    expect(order.items).toEqual([
      expect.objectContaining({
        productId: kg.id,
        productName: 'Filet de bœuf',
        unitPrice: 9000,
        unitType: 'kg',
        quantity: 1.5,
        totalPrice: 13500,
      }),
      expect.objectContaining({
        productId: unit.id,
        productName: 'Poulet fermier',
        unitPrice: 4500,
        unitType: 'unit',
        quantity: 2,
        totalPrice: 9000,
      }),
    ])
    expect(order.events).toEqual([
      expect.objectContaining({ type: 'created', toValue: 'pending', actorId: client.user.id }),
    ])
  })

  it("accepts the 'user' role, country and city names in any case, and no notes", async () => {
    const u = await signedIn(t, 'user', 'SN')
    const res = await postOrder(
      t,
      payload({ deliveryCountry: 'SÉNÉGAL', deliveryCity: 'dakar', notes: undefined }),
      u.cookie,
    )
    expect(res.statusCode, res.body).toBe(201)
    expect(decode<{ order: Order }>(res.body).order).toMatchObject({
      deliveryCountry: 'Sénégal',
      deliveryCity: 'Dakar',
      notes: null,
    })
  })

  it('keeps the snapshot when the product later changes', async () => {
    const p = await createProduct(t.db, { name: 'Avant', pricePerUnit: 1000 })
    const res = await postOrder(t, payload({ items: [{ productId: p.id, quantity: 1 }] }), client.cookie)
    const { order } = decode<{ order: Order }>(res.body)
    const { products } = await import('../../src/server/db/schema')
    await t.db.update(products).set({ name: 'Après', pricePerUnit: 5000 }).where(eq(products.id, p.id))
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id))
    expect(item).toMatchObject({ productName: 'Avant', unitPrice: 1000, totalPrice: 1000 })
  })
})

describe('POST /_api/orders/create: who may order', () => {
  it('answers 401 signed out', async () => {
    const res = await postOrder(t, payload(), '')
    expect(res.statusCode).toBe(401)
  })
  it.each<Role>(['root', 'super_admin', 'admin', 'delivery_driver'])('answers 403 to %s', async (role) => {
    const staff = await signedIn(t, role, 'SN')
    const res = await postOrder(t, payload(), staff.cookie)
    expect(res.statusCode).toBe(403)
    expect(await countOrders(staff.user.id)).toBe(0)
  })
})

describe('POST /_api/orders/create: the messages of docs/rules/orders.md#validation-messages', () => {
  it.each([
    ['no items', { items: [] }, 'La commande doit contenir au moins un produit.'],
    ['items missing', { items: undefined }, 'La commande doit contenir au moins un produit.'],
    ['address blank', { deliveryAddress: '   ' }, "L'adresse de livraison est requise."],
    ['address missing', { deliveryAddress: undefined }, "L'adresse de livraison est requise."],
    ['city missing', { deliveryCity: '' }, 'La ville de livraison est requise.'],
    ['country missing', { deliveryCountry: undefined }, 'Le pays de livraison est requis.'],
    ['phone missing', { deliveryPhone: '' }, 'Le numéro de téléphone de livraison est requis.'],
    ['zone missing', { zoneId: undefined }, 'La zone de livraison est requise.'],
    ['zone not positive', { zoneId: 0 }, 'La zone de livraison est requise.'],
    ['points negative', { pointsToUse: -1 }, 'Les points doivent être un entier positif ou nul.'],
    ['points decimal', { pointsToUse: 1.5 }, 'Les points doivent être un entier positif ou nul.'],
    [
      'productId not positive',
      { items: [{ productId: -3, quantity: 1 }] },
      'Identifiant de produit invalide.',
    ],
    ['quantity zero', { items: [{ productId: 1, quantity: 0 }] }, 'La quantité doit être un nombre positif.'],
    [
      'quantity text',
      { items: [{ productId: 1, quantity: '2' }] },
      'La quantité doit être un nombre positif.',
    ],
    [
      'quantity above 1000',
      { items: [{ productId: 1, quantity: 1000.5 }] },
      'La quantité ne peut pas dépasser 1000.',
    ],
  ])('%s', async (_name, over, message) => {
    await expect400(payload(over), message)
  })

  it('refuses the same product twice in one order', async () => {
    await expect400(
      payload({
        items: [
          { productId: kg.id, quantity: 1 },
          { productId: kg.id, quantity: 2 },
        ],
      }),
      "Un produit ne peut figurer qu'une seule fois dans la commande.",
    )
  })
})

describe('POST /_api/orders/create: tampered bodies answer 400 and store nothing', () => {
  it.each([
    ['a line pricePerUnit', { items: [{ productId: 1, quantity: 1, pricePerUnit: 1 }] }],
    ['a line unitPrice', { items: [{ productId: 1, quantity: 1, unitPrice: 1 }] }],
    ['totalAmount', { totalAmount: 1 }],
    ['discount', { discount: 50 }],
    ['discountPercent', { discountPercent: 100 }],
    ['subtotalAmount', { subtotalAmount: 1 }],
    ['userId', { userId: 1 }],
  ])('%s', async (_name, over) => {
    const before = (await t.db.select().from(orders)).length
    const body = payload(over)
    if ('items' in over) body.items = over.items as typeof body.items
    const res = await postOrder(t, body, client.cookie)
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('VALIDATION_ERROR')
    expect((await t.db.select().from(orders)).length).toBe(before)
  })
})

describe('POST /_api/orders/create: products and quantities', () => {
  const line = (productId: number, quantity: number) => payload({ items: [{ productId, quantity }] })

  it('accepts 1.5 kg and refuses 1.25 kg', async () => {
    expect((await postOrder(t, line(kg.id, 1.5), client.cookie)).statusCode).toBe(201)
    const body = await expect400(
      line(kg.id, 1.25),
      'La quantité de « Filet de bœuf » doit être un multiple de 0,5 kg.',
    )
    expect(body.fieldErrors).toEqual({
      'items.0.quantity': ['La quantité de « Filet de bœuf » doit être un multiple de 0,5 kg.'],
    })
  })

  it('holds a quantity exactly to its unit step: 0.5000000001 kg and 1.0000000001 pieces are refused (docs/security/outside-attack.md item 9)', async () => {
    const before = (await t.db.select().from(orders)).length
    await expect400(
      line(kg.id, 0.5000000001),
      'La quantité de « Filet de bœuf » doit être un multiple de 0,5 kg.',
    )
    await expect400(
      line(kg.id, 1.4999999999),
      'La quantité de « Filet de bœuf » doit être un multiple de 0,5 kg.',
    )
    await expect400(
      line(unit.id, 1.0000000001),
      'La quantité de « Poulet fermier » doit être un nombre entier.',
    )
    expect((await t.db.select().from(orders)).length).toBe(before)
  })

  it('refuses a fractional quantity of a unit product', async () => {
    await expect400(line(unit.id, 1.5), 'La quantité de « Poulet fermier » doit être un nombre entier.')
  })

  it("refuses a quantity below the product's minimum", async () => {
    const p = await createProduct(t.db, { name: 'Gigot', unitType: 'kg', minQuantity: 2 })
    await expect400(line(p.id, 1.5), 'La quantité minimale pour « Gigot » est de 2 kg.')
    expect((await postOrder(t, line(p.id, 2), client.cookie)).statusCode).toBe(201)
  })

  it('refuses inactive, archived, unknown and other-country products', async () => {
    const inactive = await createProduct(t.db, { isActive: false })
    const archived = await createProduct(t.db, { archived: true })
    const malian = await createProduct(t.db, { country: 'ML', name: 'Mouton malien' })
    await expect400(line(inactive.id, 1), `Le produit #${inactive.id} n'est pas disponible.`)
    await expect400(line(archived.id, 1), `Le produit #${archived.id} n'est pas disponible.`)
    await expect400(line(999999, 1), "Le produit #999999 n'est pas disponible.")
    await expect400(line(malian.id, 1), "Le produit « Mouton malien » n'est pas disponible dans votre pays.")
  })
})
