import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cities, deliveryAddresses, orders, products, zones } from '../../src/server/db/schema'
import { MAX_ADDRESSES, TOO_MANY_ADDRESSES } from '../../src/shared/domain/addresses'
import { countryByCode, createProduct, post, postOrder, signedIn } from '../factories'
import { pgBase, pgTitle } from '../setup/postgres-only'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * The limit of saved addresses under concurrency (docs/rules/people.md#delivery-addresses): each
 * save counts under a lock on the client's row, so saves at once, by the account page or while
 * ordering, never take a client past MAX_ADDRESSES. Only PostgreSQL runs them at once.
 */

let t: TestApp
let place: { cityId: number; zoneId: number; cityName: string; countryName: string }
let productId: number

beforeAll(async () => {
  if (!pgBase) return
  t = await createTestApp()
  const sn = await countryByCode(t.db, 'SN')
  const [city] = await t.db.insert(cities).values({ name: 'Keur Massar', countryId: sn.id }).returning()
  const [zone] = await t.db
    .insert(zones)
    .values({ name: 'Jaxaay', cityId: city!.id, deliveryFee: 1000 })
    .returning()
  place = { cityId: city!.id, zoneId: zone!.id, cityName: city!.name, countryName: sn.name }
  const product = await createProduct(t.db, {
    name: 'Poulet bicyclette',
    pricePerUnit: 4000,
    unitType: 'unit',
    minQuantity: 1,
  })
  productId = product.id
})
afterAll(() => t?.close())

const address = (label: string) => ({
  label,
  cityId: place.cityId,
  zoneId: place.zoneId,
  address: 'Cité Fadia, villa 12',
})
const countOf = async (userId: number) =>
  (await t.db.select().from(deliveryAddresses).where(eq(deliveryAddresses.userId, userId))).length
const orderCountOf = async (userId: number) =>
  (await t.db.select().from(orders).where(eq(orders.userId, userId))).length

/** A client with `n` saved addresses. */
async function clientWith(n: number) {
  const { user, cookie } = await signedIn(t, 'client', 'SN')
  for (let i = 0; i < n; i++)
    expect(
      (await post(t, '/_api/account/addresses/create', address(`Adresse ${i}`), cookie)).statusCode,
    ).toBe(201)
  return { user, cookie }
}

const orderSaving = (cookie: string, label: string | null, product = productId) =>
  postOrder(
    t,
    {
      items: [{ productId: product, quantity: 1 }],
      deliveryPhone: '77 123 45 67',
      deliveryAddress: `Rue ${label}`,
      deliveryCity: place.cityName,
      deliveryCountry: place.countryName,
      zoneId: place.zoneId,
      ...(label ? { saveAddress: { label } } : {}),
    },
    cookie,
  )

describe.skipIf(!pgBase)(pgTitle('the limit of saved addresses, under concurrency on PostgreSQL'), () => {
  it(`20 checkouts at once saving their address, from ${MAX_ADDRESSES - 1}: one saved, ${MAX_ADDRESSES} at most`, async () => {
    const { user, cookie } = await clientWith(MAX_ADDRESSES - 1)
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => orderSaving(cookie, `Commande ${i}`)),
    )
    const codes = answers.map((a) => a.statusCode)
    expect(codes.filter((c) => c === 201)).toHaveLength(1)
    for (const a of answers.filter((x) => x.statusCode !== 201)) {
      expect(a.statusCode).toBe(400)
      expect(a.json().error).toBe(TOO_MANY_ADDRESSES)
      expect(a.json().fieldErrors['saveAddress.label']).toEqual([TOO_MANY_ADDRESSES])
    }
    expect(await countOf(user.id)).toBe(MAX_ADDRESSES)
    // A refused checkout ordered nothing either.
    expect(await orderCountOf(user.id)).toBe(1)
  }, 60_000)

  it('20 saves at once from the account page and the checkout together: never past the limit', async () => {
    const { user, cookie } = await clientWith(MAX_ADDRESSES - 3)
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? post(t, '/_api/account/addresses/create', address(`Page ${i}`), cookie)
          : orderSaving(cookie, `Commande ${i}`),
      ),
    )
    const saved = answers.filter((a) => a.statusCode === 201)
    expect(saved).toHaveLength(3)
    for (const a of answers.filter((x) => x.statusCode !== 201)) {
      expect(a.statusCode).toBe(400)
      expect(a.json().error).toBe(TOO_MANY_ADDRESSES)
    }
    expect(await countOf(user.id)).toBe(MAX_ADDRESSES)
  }, 60_000)

  it('orders of one client at once, some saving, on a product counted by the day: no deadlock', async () => {
    // The checkout's statement locks the day's stock, then the client's row: a save that locked
    // the row first would wait on an order holding the stock, which waits on it.
    const limited = await createProduct(t.db, {
      name: 'Gigot',
      pricePerUnit: 4000,
      unitType: 'unit',
      minQuantity: 1,
    })
    await t.db.update(products).set({ dailyQuantity: 100 }).where(eq(products.id, limited.id))
    const { user, cookie } = await clientWith(0)
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => orderSaving(cookie, i % 2 ? `Commande ${i}` : null, limited.id)),
    )
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201))
    expect(await countOf(user.id)).toBe(10)
    expect(await orderCountOf(user.id)).toBe(20)
  }, 60_000)
})
