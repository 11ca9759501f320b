import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countries, productDailySales, products } from '../../src/server/db/schema'
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
import { pgBase, pgTitle } from '../setup/postgres-only'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * What is in stock (docs/rules/catalogue.md#stock): staff mark a product out of stock for the country's day
 * or until further notice, or give it a daily quantity; the storefront shows it, checkout
 * refuses what is not left (also when clients race for the last kilos), a cancelled order gives
 * back, and a new day of the country starts afresh.
 */
let t: TestApp
let root: string
let manager: string
let client: { user: { id: number }; cookie: string }
let delivery: Awaited<ReturnType<typeof deliveryIn>>

type Stock = { soldOut: boolean; left: number | null }
type Listed = { id: number; name: string; stock: Stock }

beforeAll(async () => {
  // The cache on, as in production: the tests see that writes and orders drop it.
  t = await createTestApp({ STOREFRONT_CACHE_MS: '600000', API_RATE_PER_MINUTE: '1000000' })
  root = (await signedIn(t, 'root', 'SN')).cookie
  manager = (await signedIn(t, 'super_admin', 'SN')).cookie
  client = await signedIn(t, 'client', 'SN')
  delivery = await deliveryIn(t.db, 'SN')
}, 60_000)
afterAll(() => t?.close())

const setStock = (
  id: number,
  outOfStock: 'no' | 'today' | 'until_further_notice',
  dailyQuantity: number | null = null,
  cookie = manager,
) => post(t, '/_api/admin/products/stock', { id, outOfStock, dailyQuantity }, cookie)

/** A product as the storefront lists it (through the cache). */
async function listed(id: number): Promise<Listed | undefined> {
  const sn = await countryByCode(t.db, 'SN')
  const res = await get(t, `/_api/products?countryId=${sn.id}`)
  return decode<{ products: Listed[] }>(res.body).products.find((p) => p.id === id)
}

/** A new product, the storefront's cache dropped (the factory writes straight to the database). */
async function product(opts: Parameters<typeof createProduct>[1] = {}) {
  const p = await createProduct(t.db, opts)
  t.deps.storefrontCache.invalidate()
  return p
}

const order = (productId: number, quantity: number, cookie = client.cookie) =>
  postOrder(t, { items: [{ productId, quantity }], ...delivery, pointsToUse: 0 }, cookie)

/** Clients of Sénégal, signed in (one after the other: the factory numbers their emails). */
async function clientsOf(n: number) {
  const list: { cookie: string }[] = []
  for (let i = 0; i < n; i++) list.push(await signedIn(t, 'client', 'SN'))
  return list
}

const setStatus = (orderId: number, status: string, from?: string) =>
  post(t, '/_api/admin/orders/update-status', statusChange(orderId, status, from), root)

describe('POST /_api/admin/products/stock', () => {
  it('marks out of stock for today, until further notice, and back; the storefront follows at once', async () => {
    const p = await product({ name: 'Côte de bœuf' })
    expect((await listed(p.id))!.stock).toEqual({ soldOut: false, left: null })

    const today = await setStock(p.id, 'today')
    expect(today.statusCode).toBe(200)
    const answer = decode<{ product: { outOfStock: string; stock: Stock } }>(today.body).product
    expect(answer.outOfStock).toBe('today')
    expect(answer.stock.soldOut).toBe(true)
    // The cached catalogue was dropped by the write.
    expect((await listed(p.id))!.stock.soldOut).toBe(true)
    const featured = decode<{ products: Listed[] }>((await get(t, '/_api/featured')).body).products
    expect(featured.find((x) => x.id === p.id)?.stock.soldOut).toBe(true)

    const always = decode<{ product: { outOfStock: string } }>(
      (await setStock(p.id, 'until_further_notice')).body,
    ).product
    expect(always.outOfStock).toBe('until_further_notice')
    expect((await listed(p.id))!.stock.soldOut).toBe(true)

    expect((await setStock(p.id, 'no')).statusCode).toBe(200)
    expect((await listed(p.id))!.stock).toEqual({ soldOut: false, left: null })
  })

  it('sets a daily quantity on the unit’s step; refuses others in French and changes nothing', async () => {
    const kg = await product({ unitType: 'kg' })
    const unit = await product({ unitType: 'unit' })
    const bad = await setStock(kg.id, 'no', 2.3)
    expect(bad.statusCode).toBe(400)
    expect(JSON.parse(bad.body).fieldErrors.dailyQuantity).toEqual([
      'La quantité du jour doit être un multiple de 0,5 kg.',
    ])
    // Exactly on the step, no tolerance (docs/security/outside-attack.md item 9).
    const almost = await setStock(kg.id, 'no', 0.5000000001)
    expect(JSON.parse(almost.body).fieldErrors.dailyQuantity).toEqual([
      'La quantité du jour doit être un multiple de 0,5 kg.',
    ])
    const badUnit = await setStock(unit.id, 'no', 2.5)
    expect(JSON.parse(badUnit.body).error).toBe(
      'La quantité du jour doit être un nombre entier pour les produits à l’unité.',
    )
    const negative = await setStock(kg.id, 'no', -1)
    expect(negative.statusCode).toBe(400)
    expect(JSON.parse(negative.body).error).toBe('La quantité du jour doit être positive.')
    const choice = await post(
      t,
      '/_api/admin/products/stock',
      { id: kg.id, outOfStock: 'demain', dailyQuantity: null },
      manager,
    )
    expect(JSON.parse(choice.body).error).toBe(
      'La disponibilité doit être no, today ou until_further_notice.',
    )
    const [row] = await t.db.select().from(products).where(eq(products.id, kg.id))
    expect(row!.dailyQuantity).toBeNull()

    const ok = await setStock(kg.id, 'no', 12.5)
    expect(decode<{ product: { dailyQuantity: number; soldToday: number } }>(ok.body).product).toMatchObject({
      dailyQuantity: 12.5,
      soldToday: 0,
    })
    expect((await listed(kg.id))!.stock).toEqual({ soldOut: false, left: 12.5 })
    // 12.5 kg a day cannot become 12.5 pieces.
    const toUnit = await post(
      t,
      '/_api/admin/products/update',
      { id: kg.id, unitType: 'unit', minQuantity: 1 },
      manager,
    )
    expect(toUnit.statusCode).toBe(400)
    expect(JSON.parse(toUnit.body).fieldErrors.unitType).toEqual([
      'La quantité du jour doit être un nombre entier pour les produits à l’unité.',
    ])
  })

  it('is for root and the product’s own super_admin: another country’s is 404, admin and client 403', async () => {
    const ml = await product({ country: 'ML' })
    expect((await setStock(ml.id, 'today')).statusCode).toBe(404)
    expect((await setStock(ml.id, 'today', null, root)).statusCode).toBe(200)
    const admin = (await signedIn(t, 'admin', 'SN')).cookie
    const sn = await product()
    expect((await setStock(sn.id, 'today', null, admin)).statusCode).toBe(403)
    expect((await setStock(sn.id, 'today', null, client.cookie)).statusCode).toBe(403)
    expect((await listed(sn.id))!.stock.soldOut).toBe(false)
  })
})

describe('checkout and stock', () => {
  it('refuses a product out of stock, naming it, and writes nothing', async () => {
    const p = await product({ name: "Gigot d'agneau" })
    await setStock(p.id, 'today')
    const res = await order(p.id, 1)
    expect(res.statusCode).toBe(409)
    const body = JSON.parse(res.body)
    expect(body.error).toBe("« Gigot d'agneau » est épuisé.")
    expect(body.code).toBe('OUT_OF_STOCK')
    expect(body.fieldErrors['items.0.quantity']).toEqual(["« Gigot d'agneau » est épuisé."])
  })

  it('refuses more than is left today, marking that product’s line', async () => {
    const other = await product()
    const p = await product({ name: "Gigot d'agneau" })
    await setStock(p.id, 'no', 2)
    const res = await postOrder(
      t,
      {
        items: [
          { productId: other.id, quantity: 1 },
          { productId: p.id, quantity: 2.5 },
        ],
        ...delivery,
        pointsToUse: 0,
      },
      client.cookie,
    )
    expect(res.statusCode).toBe(409)
    const body = JSON.parse(res.body)
    expect(body.error).toBe("Il ne reste que 2 kg de « Gigot d'agneau » aujourd'hui.")
    expect(Object.keys(body.fieldErrors)).toEqual(['items.1.quantity'])
    expect((await listed(p.id))!.stock).toEqual({ soldOut: false, left: 2 })
  })

  it('draws the daily quantity down; the cached catalogue is dropped; the last kilos sell it out', async () => {
    const p = await product({ name: 'Filet de bœuf', unitType: 'kg', minQuantity: 1 })
    await setStock(p.id, 'no', 3)
    expect((await listed(p.id))!.stock).toEqual({ soldOut: false, left: 3 }) // now cached
    expect((await order(p.id, 1.5)).statusCode).toBe(201)
    expect((await listed(p.id))!.stock).toEqual({ soldOut: false, left: 1.5 })
    // 0.5 kg would be left: under the minimum of 1 kg, so the product is sold out.
    expect((await order(p.id, 1)).statusCode).toBe(201)
    expect((await listed(p.id))!.stock).toEqual({ soldOut: true, left: 0.5 })
    const refused = await order(p.id, 1)
    expect(JSON.parse(refused.body).error).toBe('« Filet de bœuf » est épuisé.')
    // An order of products without a daily quantity draws nothing.
    const free = await product()
    expect((await order(free.id, 1)).statusCode).toBe(201)
    const rows = await t.db.select().from(productDailySales).where(eq(productDailySales.productId, free.id))
    expect(rows).toEqual([])
  })

  it('a cancelled order gives back to its day; reactivating draws again, or 409 without room', async () => {
    const p = await product({ name: 'Poulet fermier', unitType: 'unit' })
    await setStock(p.id, 'no', 3)
    const first = decode<{ order: { id: number } }>((await order(p.id, 2)).body).order
    expect((await listed(p.id))!.stock.left).toBe(1)
    expect((await setStatus(first.id, 'cancelled')).statusCode).toBe(200)
    expect((await listed(p.id))!.stock.left).toBe(3)
    expect((await setStatus(first.id, 'pending', 'cancelled')).statusCode).toBe(200)
    expect((await listed(p.id))!.stock.left).toBe(1)

    expect((await setStatus(first.id, 'cancelled')).statusCode).toBe(200)
    // Meanwhile another client takes what it gave back.
    const other = await signedIn(t, 'client', 'SN')
    expect((await order(p.id, 2, other.cookie)).statusCode).toBe(201)
    const again = await setStatus(first.id, 'in_preparation', 'cancelled')
    expect(again.statusCode).toBe(409)
    expect(JSON.parse(again.body).error).toBe(
      "Impossible de réactiver cette commande. Il ne reste que 1 unité de « Poulet fermier » aujourd'hui.",
    )
    // Nothing changed: still cancelled, still 1 left.
    const [status] = (
      (await t.db.execute(sql`select status from orders where id = ${first.id}`)) as unknown as {
        rows: { status: string }[]
      }
    ).rows
    expect(status!.status).toBe('cancelled')
    expect((await listed(p.id))!.stock.left).toBe(1)
  })

  it('a new day in the country’s time zone: out of stock for today ends, the daily quantity is whole again', async () => {
    // The country's clock moved forward a day: Pago Pago (UTC−11) then Kiritimati (UTC+14),
    // whose dates are always one or two days apart.
    const sn = await countryByCode(t.db, 'SN')
    const setZone = async (zone: string) => {
      await t.db.update(countries).set({ timeZone: zone }).where(eq(countries.id, sn.id))
      t.deps.storefrontCache.invalidate()
    }
    try {
      await setZone('Pacific/Pago_Pago')
      const marked = await product({ name: 'Merguez' })
      const counted = await product({ name: 'Entrecôte' })
      await setStock(marked.id, 'today')
      await setStock(counted.id, 'no', 4)
      const placed = decode<{ order: { id: number } }>((await order(counted.id, 3)).body).order
      const [row] = await t.db.select().from(products).where(eq(products.id, marked.id))
      const [pagoDay] = (
        (await t.db.execute(
          sql`select (now() at time zone 'Pacific/Pago_Pago')::date::text as day`,
        )) as unknown as { rows: { day: string }[] }
      ).rows
      expect(row!.outOfStockOn).toBe(pagoDay!.day)
      expect((await listed(marked.id))!.stock.soldOut).toBe(true)
      expect((await listed(counted.id))!.stock.left).toBe(1)

      await setZone('Pacific/Kiritimati')
      expect((await listed(marked.id))!.stock).toEqual({ soldOut: false, left: null })
      expect((await listed(counted.id))!.stock).toEqual({ soldOut: false, left: 4 })
      // Cancelling yesterday's order gives back to yesterday, not to today.
      expect((await setStatus(placed.id, 'cancelled')).statusCode).toBe(200)
      expect((await listed(counted.id))!.stock.left).toBe(4)
      const [yesterday] = await t.db
        .select()
        .from(productDailySales)
        .where(and(eq(productDailySales.productId, counted.id), eq(productDailySales.day, pagoDay!.day)))
      expect(yesterday!.sold).toBe(0)
    } finally {
      await setZone('Africa/Dakar')
    }
  })

  it('parallel checkouts for the last kilos: exactly what is left is sold, the others told in French', async () => {
    const p = await product({ name: "Gigot d'agneau", unitType: 'kg', minQuantity: 0.5 })
    await setStock(p.id, 'no', 4)
    const clients = await clientsOf(12)
    const answers = await Promise.all(clients.map((c) => order(p.id, 1, c.cookie)))
    const codes = answers.map((a) => a.statusCode)
    expect(codes.filter((c) => c === 201)).toHaveLength(4)
    expect(codes.filter((c) => c === 409)).toHaveLength(8)
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(JSON.parse(a.body).error).toBe("« Gigot d'agneau » est épuisé.")
    const [sold] = await t.db.select().from(productDailySales).where(eq(productDailySales.productId, p.id))
    expect(sold!.sold).toBe(4)
  })
})

describe.skipIf(!pgBase)(pgTitle('the race for the last kilos on PostgreSQL'), () => {
  it('40 checkouts at once on 10 kg, some of several products: never more than 10 kg drawn', async () => {
    const p = await product({ name: "Gigot d'agneau", unitType: 'kg', minQuantity: 0.5 })
    const q = await product({ name: 'Poulet fermier', unitType: 'unit', minQuantity: 1 })
    await setStock(p.id, 'no', 10)
    await setStock(q.id, 'no', 5)
    const clients = await clientsOf(40)
    // Half ask for the two products, in either order (the rows are locked in one order: no deadlock).
    const answers = await Promise.all(
      clients.map((c, i) => {
        const kilos = { productId: p.id, quantity: 0.5 + (i % 3) * 0.5 }
        const items =
          i % 2 === 0
            ? [kilos]
            : i % 4 === 1
              ? [kilos, { productId: q.id, quantity: 1 }]
              : [{ productId: q.id, quantity: 1 }, kilos]
        return postOrder(t, { items, ...delivery, pointsToUse: 0 }, c.cookie)
      }),
    )
    for (const a of answers) expect([201, 409]).toContain(a.statusCode)
    const rows = (
      (await t.db.execute(sql`
        select i.product_id as "productId", sum(i.quantity)::float8 as qty from order_items i
        where i.product_id in (${p.id}, ${q.id}) group by i.product_id`)) as unknown as {
        rows: { productId: number; qty: number }[]
      }
    ).rows
    const ordered = new Map(rows.map((r) => [r.productId, r.qty]))
    const sales = await t.db.select().from(productDailySales)
    const soldOf = (id: number) => sales.find((s) => s.productId === id)?.sold ?? 0
    expect(ordered.get(p.id) ?? 0).toBeLessThanOrEqual(10)
    expect(ordered.get(q.id) ?? 0).toBeLessThanOrEqual(5)
    // The count is what the orders hold, and the refused ones were refused because it ran short.
    expect(soldOf(p.id)).toBe(ordered.get(p.id) ?? 0)
    expect(soldOf(q.id)).toBe(ordered.get(q.id) ?? 0)
    expect(soldOf(p.id)).toBeGreaterThan(9)
  }, 60_000)
})
