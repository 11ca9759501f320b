import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productCategories, products as productsTable } from '../../src/server/db/schema'
import { loadOrder } from '../../src/server/services/orders/orders'
import { imageUrlRefused } from '../../src/shared/schemas/products'
import {
  countryByCode,
  createProduct,
  createUser,
  decode,
  deliveryIn,
  get,
  insertOrderRow,
  post,
  postOrder,
  signedIn,
} from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

let t: TestApp
let root: string
let superSn: string
let sn: number
let ml: number
let categoryId: number
beforeAll(async () => {
  t = await createTestApp()
  root = (await signedIn(t, 'root')).cookie
  superSn = (await signedIn(t, 'super_admin', 'SN')).cookie
  sn = (await countryByCode(t.db, 'SN')).id
  ml = (await countryByCode(t.db, 'ML')).id
  categoryId = (await t.db.select().from(productCategories).limit(1))[0]!.id
})
afterAll(() => t.close())

type Product = {
  id: number
  name: string
  pricePerUnit: number
  unitType: string
  minQuantity: number
  isActive: boolean
  countryId: number
  countryName: string
  category: { id: number; name: string } | null
  imageUrl: string | null
}
const valid = (over: Record<string, unknown> = {}) => ({
  name: 'Gigot d’agneau',
  description: 'Frais du jour',
  pricePerUnit: 6500,
  unitType: 'kg',
  minQuantity: 1.5,
  categoryId,
  ...over,
})
const listOf = async (cookie: string, query = '') => {
  const res = await get(t, `/_api/admin/products${query}`, cookie)
  expect(res.statusCode).toBe(200)
  return decode<{ products: Product[] }>(res.body).products
}

describe('POST /_api/admin/products', () => {
  it('creates a super_admin’s product inactive, in its own country, with category and country name', async () => {
    const res = await post(t, '/_api/admin/products', valid(), superSn)
    expect(res.statusCode).toBe(201)
    const { product } = decode<{ product: Product }>(res.body)
    expect(product).toMatchObject({
      name: 'Gigot d’agneau',
      pricePerUnit: 6500,
      unitType: 'kg',
      minQuantity: 1.5,
      isActive: false,
      countryId: sn,
      countryName: 'Sénégal',
    })
    expect(product.category?.id).toBe(categoryId)
  })

  it('answers 404 to a super_admin naming another country, and stores nothing', async () => {
    const res = await post(t, '/_api/admin/products', valid({ name: 'Hors pays', countryId: ml }), superSn)
    expect(res.statusCode).toBe(404)
    expect((await listOf(root, '?country=mali')).map((p) => p.name)).not.toContain('Hors pays')
  })

  it('makes root choose a country', async () => {
    const res = await post(t, '/_api/admin/products', valid(), root)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      error: 'Veuillez sélectionner un pays.',
      fieldErrors: { countryId: ['Veuillez sélectionner un pays.'] },
    })
    const ok = await post(
      t,
      '/_api/admin/products',
      valid({ countryId: ml, imageUrl: '', categoryId: null, unitType: 'unit', minQuantity: 2 }),
      root,
    )
    expect(ok.statusCode).toBe(201)
    expect(decode<{ product: Product }>(ok.body).product).toMatchObject({
      countryName: 'Mali',
      imageUrl: null,
      category: null,
      unitType: 'unit',
    })
  })

  it.each([
    [{ name: 'Ab' }, 'name', 'Le nom doit contenir au moins 3 caractères.'],
    [{ pricePerUnit: 0 }, 'pricePerUnit', 'Le prix doit être un nombre entier positif.'],
    [{ pricePerUnit: 12.5 }, 'pricePerUnit', 'Le prix doit être un nombre entier positif (en francs CFA).'],
    [{ minQuantity: 0 }, 'minQuantity', 'La quantité minimale doit être positive.'],
    [{ minQuantity: 0.7 }, 'minQuantity', 'La quantité minimale doit être un multiple de 0,5 kg.'],
    // Exactly on the step, no tolerance (docs/security/outside-attack.md item 9).
    [{ minQuantity: 0.5000000001 }, 'minQuantity', 'La quantité minimale doit être un multiple de 0,5 kg.'],
    [
      { unitType: 'unit', minQuantity: 1.5 },
      'minQuantity',
      'La quantité minimale doit être un nombre entier pour les produits à l’unité.',
    ],
    [{ unitType: 'litre' }, 'unitType', "Le type d'unité doit être kg ou unité."],
    // Photos are uploaded, an address never pasted (docs/decisions/0033).
    [{ imageUrl: 'https://images.example/gigot.jpg' }, 'imageUrl', imageUrlRefused],
    [{ imageUrl: 'pas une url' }, 'imageUrl', imageUrlRefused],
    [{ categoryId: 0 }, 'categoryId', 'La catégorie est invalide.'],
    [{ categoryId: 999999 }, 'categoryId', 'Catégorie introuvable.'],
    [{ countryId: 0 }, 'countryId', 'Veuillez sélectionner un pays.'],
  ])('refuses %j with its message', async (over, field, message) => {
    const res = await post(
      t,
      '/_api/admin/products',
      valid({ countryId: sn, name: 'Produit refusé', ...over }),
      root,
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().fieldErrors[field]).toContain(message)
    expect((await listOf(root)).map((p) => p.name)).not.toContain('Produit refusé')
  })

  it('refuses a price sent as text and unknown fields (strict input)', async () => {
    expect(
      (await post(t, '/_api/admin/products', valid({ countryId: sn, pricePerUnit: '5000' }), root))
        .statusCode,
    ).toBe(400)
    expect(
      (await post(t, '/_api/admin/products', valid({ countryId: sn, archivedAt: null }), root)).statusCode,
    ).toBe(400)
  })

  it('refuses an admin, a driver, a client (403) and a visitor (401)', async () => {
    for (const role of ['admin', 'delivery_driver', 'client'] as const) {
      expect(
        (await post(t, '/_api/admin/products', valid(), (await signedIn(t, role)).cookie)).statusCode,
      ).toBe(403)
    }
    expect((await post(t, '/_api/admin/products', valid())).statusCode).toBe(401)
  })
})

describe('GET /_api/admin/products', () => {
  it('gives root every country or one by name (any case), with status filters', async () => {
    const a = await createProduct(t.db, { country: 'ML', name: 'Capitaine fumé', isActive: true })
    const b = await createProduct(t.db, { country: 'ML', name: 'Brochettes', isActive: false })
    const all = await listOf(root)
    expect(new Set(all.map((p) => p.countryName))).toEqual(new Set(['Sénégal', 'Mali']))
    const mali = await listOf(root, '?country=MALI')
    expect(mali.every((p) => p.countryName === 'Mali')).toBe(true)
    expect(mali.map((p) => p.id)).toEqual(expect.arrayContaining([a.id, b.id]))
    expect((await listOf(root, '?country=mali&status=active')).map((p) => p.id)).toContain(a.id)
    expect((await listOf(root, '?country=mali&status=active')).map((p) => p.id)).not.toContain(b.id)
    const inactive = await listOf(root, '?country=mali&isActive=false')
    expect(inactive.map((p) => p.id)).toContain(b.id)
    expect(inactive.every((p) => !p.isActive)).toBe(true)
    expect((await get(t, '/_api/admin/products?country=Atlantide', root)).statusCode).toBe(404)
    expect((await get(t, '/_api/admin/products?status=maybe', root)).statusCode).toBe(400)
  })

  it('gives a super_admin its own country only; another country by name answers 404', async () => {
    const own = await listOf(superSn)
    expect(own.length).toBeGreaterThan(0)
    expect(own.every((p) => p.countryId === sn)).toBe(true)
    expect((await listOf(superSn, '?country=sénégal')).length).toBe(own.length)
    expect((await get(t, '/_api/admin/products?country=Mali', superSn)).statusCode).toBe(404)
  })

  it('refuses an admin (403) and a visitor (401)', async () => {
    expect((await get(t, '/_api/admin/products', (await signedIn(t, 'admin')).cookie)).statusCode).toBe(403)
    expect((await get(t, '/_api/admin/products')).statusCode).toBe(401)
  })
})

describe('POST /_api/admin/products/update', () => {
  it('edits and activates a product, checking the step against the stored unit type', async () => {
    const p = await createProduct(t.db, { country: 'SN', unitType: 'unit', isActive: false })
    const res = await post(
      t,
      '/_api/admin/products/update',
      { id: p.id, isActive: true, pricePerUnit: 1500, name: 'Poulet fermier' },
      superSn,
    )
    expect(res.statusCode).toBe(200)
    expect(decode<{ product: Product }>(res.body).product).toMatchObject({
      isActive: true,
      pricePerUnit: 1500,
      name: 'Poulet fermier',
      unitType: 'unit',
    })
    const step = await post(t, '/_api/admin/products/update', { id: p.id, minQuantity: 2.5 }, superSn)
    expect(step.statusCode).toBe(400)
    expect(step.json().error).toBe(
      'La quantité minimale doit être un nombre entier pour les produits à l’unité.',
    )
    const kg = await post(
      t,
      '/_api/admin/products/update',
      { id: p.id, unitType: 'kg', minQuantity: 2.5 },
      superSn,
    )
    expect(decode<{ product: Product }>(kg.body).product).toMatchObject({ unitType: 'kg', minQuantity: 2.5 })
  })

  it('lets root move a product to another country, but not a super_admin (404), who also cannot touch Mali', async () => {
    const p = await createProduct(t.db, { country: 'SN' })
    expect(
      (await post(t, '/_api/admin/products/update', { id: p.id, countryId: ml }, superSn)).statusCode,
    ).toBe(404)
    const [still] = await t.db.select().from(productsTable).where(eq(productsTable.id, p.id))
    expect(still!.countryId).toBe(sn)
    const moved = await post(t, '/_api/admin/products/update', { id: p.id, countryId: ml }, root)
    expect(decode<{ product: Product }>(moved.body).product.countryName).toBe('Mali')
    expect(
      (await post(t, '/_api/admin/products/update', { id: p.id, isActive: false }, superSn)).statusCode,
    ).toBe(404)
  })

  it('validates each field like creation and answers 404 for an unknown id', async () => {
    const p = await createProduct(t.db, { country: 'SN' })
    const short = await post(t, '/_api/admin/products/update', { id: p.id, name: 'Xy' }, root)
    expect(short.json().error).toBe('Le nom doit contenir au moins 3 caractères.')
    const price = await post(t, '/_api/admin/products/update', { id: p.id, pricePerUnit: -4 }, root)
    expect(price.json().error).toBe('Le prix doit être un nombre entier positif.')
    expect(
      (await post(t, '/_api/admin/products/update', { id: 999999, isActive: true }, root)).statusCode,
    ).toBe(404)
  })

  it('refuses a client (403) and a visitor (401)', async () => {
    expect(
      (
        await post(
          t,
          '/_api/admin/products/update',
          { id: 1, isActive: true },
          (await signedIn(t, 'client')).cookie,
        )
      ).statusCode,
    ).toBe(403)
    expect((await post(t, '/_api/admin/products/update', { id: 1, isActive: true })).statusCode).toBe(401)
  })
})

describe('POST /_api/admin/products/delete', () => {
  it('archives a product that has orders: it leaves every list, the past order still shows it', async () => {
    const p = await createProduct(t.db, { country: 'SN', name: 'Côte de bœuf', isActive: true })
    const client = await createUser(t.db, { role: 'client', country: 'SN' })
    const order = await insertOrderRow(t.db, { userId: client.id, product: p, quantity: 2 })
    const res = await post(t, '/_api/admin/products/delete', { id: p.id }, superSn)
    expect(res.statusCode).toBe(200)
    expect(decode(res.body)).toEqual({ success: true })
    const [row] = await t.db.select().from(productsTable).where(eq(productsTable.id, p.id))
    expect(row!.archivedAt).toBeInstanceOf(Date)
    expect(row!.isActive).toBe(false)
    expect((await listOf(root)).map((x) => x.id)).not.toContain(p.id)
    expect((await listOf(superSn)).map((x) => x.id)).not.toContain(p.id)
    const stats = decode<{ stats: { countryId: number; totalProducts: number }[] }>(
      (await get(t, '/_api/admin/product-stats-by-country', root)).body,
    ).stats
    const before = stats.find((s) => s.countryId === sn)!.totalProducts
    expect(before).toBe((await listOf(root, '?country=Sénégal')).length)
    const past = await loadOrder(t.db, order.id)
    expect(past!.items[0]).toMatchObject({
      productId: p.id,
      productName: 'Côte de bœuf',
      quantity: 2,
      product: { name: 'Côte de bœuf' },
    })
    expect(
      (await post(t, '/_api/admin/products/update', { id: p.id, isActive: true }, root)).statusCode,
    ).toBe(404)
    expect((await post(t, '/_api/admin/products/delete', { id: p.id }, root)).statusCode).toBe(404)
  })

  it('answers 404 to a super_admin deleting another country’s product, 400 without an id', async () => {
    const p = await createProduct(t.db, { country: 'ML' })
    expect((await post(t, '/_api/admin/products/delete', { id: p.id }, superSn)).statusCode).toBe(404)
    const [row] = await t.db.select().from(productsTable).where(eq(productsTable.id, p.id))
    expect(row!.archivedAt).toBeNull()
    const bad = await post(t, '/_api/admin/products/delete', {}, root)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error).toBe('Le produit est requis.')
  })

  it('refuses an admin (403) and a visitor (401)', async () => {
    expect(
      (await post(t, '/_api/admin/products/delete', { id: 1 }, (await signedIn(t, 'admin')).cookie))
        .statusCode,
    ).toBe(403)
    expect((await post(t, '/_api/admin/products/delete', { id: 1 })).statusCode).toBe(401)
  })
})

describe('the storefront follows the back-office at once', () => {
  it('lists and sells an activated product; a deactivated or archived one leaves the list and cannot be ordered', async () => {
    const client = await signedIn(t, 'client', 'SN')
    const created = await post(
      t,
      '/_api/admin/products',
      valid({ name: 'Entrecôte', minQuantity: 0.5 }),
      superSn,
    )
    const { product } = decode<{ product: Product }>(created.body)
    const publicIds = async () =>
      decode<{ products: { id: number }[] }>((await get(t, '/_api/products')).body).products.map((p) => p.id)
    const order = async () =>
      postOrder(
        t,
        { items: [{ productId: product.id, quantity: 1.5 }], ...(await deliveryIn(t.db, 'SN')) },
        client.cookie,
      )

    expect(await publicIds()).not.toContain(product.id)
    expect((await order()).statusCode).toBe(400)
    await post(t, '/_api/admin/products/update', { id: product.id, isActive: true }, superSn)
    expect(await publicIds()).toContain(product.id)
    const bought = await order()
    expect(bought.statusCode).toBeLessThan(300)
    expect(decode<{ order: { totalAmount: number } }>(bought.body).order.totalAmount).toBe(6500 * 1.5)

    await post(
      t,
      '/_api/admin/products/bulk-actions',
      { action: 'toggle_active', isActive: false, productIds: [product.id] },
      root,
    )
    expect(await publicIds()).not.toContain(product.id)
    expect((await order()).statusCode).toBe(400)
    await post(t, '/_api/admin/products/update', { id: product.id, isActive: true }, root)
    await post(t, '/_api/admin/products/delete', { id: product.id }, root)
    expect(await publicIds()).not.toContain(product.id)
    expect((await order()).statusCode).toBe(400)
  })
})
