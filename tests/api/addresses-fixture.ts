import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect } from 'vitest'
import { cities, deliveryAddresses, orders, zones } from '../../src/server/db/schema'
import { countryByCode, createProduct, decode, get, post } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * The saved addresses' tests (docs/rules/people.md#delivery-addresses), in two files: the app of
 * the file, a city with two zones of its own (so that closing them touches no other test), a
 * city of another country, a product; and the calls both files make.
 */

export type Address = {
  id: number
  label: string
  cityId: number
  zoneId: number
  address: string
  landmark: string | null
  secondPhone: string | null
  latitude: number | null
  longitude: number | null
  lastUsedAt: Date | null
  closedReason: string | null
}

type Place = { cityId: number; zoneId: number; otherZoneId: number; cityName: string; countryName: string }

/** Starts the file's app before its tests (closed after them); what it made is read once they run. */
export function addressesFixture() {
  const f = {} as {
    t: TestApp
    place: Place
    otherCountryCityId: number
    product: Awaited<ReturnType<typeof createProduct>>
  }
  beforeAll(async () => {
    f.t = await createTestApp()
    const t = f.t
    const sn = await countryByCode(t.db, 'SN')
    const ml = await countryByCode(t.db, 'ML')
    const [city] = await t.db.insert(cities).values({ name: 'Keur Massar', countryId: sn.id }).returning()
    const [zone, other] = await t.db
      .insert(zones)
      .values([
        { name: 'Jaxaay', cityId: city!.id, deliveryFee: 1000 },
        { name: 'Parcelles', cityId: city!.id, deliveryFee: 500 },
      ])
      .returning()
    f.place = {
      cityId: city!.id,
      zoneId: zone!.id,
      otherZoneId: other!.id,
      cityName: city!.name,
      countryName: sn.name,
    }
    const [mlCity] = await t.db.insert(cities).values({ name: 'Kati', countryId: ml.id }).returning()
    f.otherCountryCityId = mlCity!.id
    f.product = await createProduct(t.db, {
      name: 'Poulet bicyclette',
      pricePerUnit: 4000,
      unitType: 'unit',
      minQuantity: 1,
    })
  })
  afterAll(() => f.t.close())

  const home = (over: Record<string, unknown> = {}) => ({
    label: 'Maison',
    cityId: f.place.cityId,
    zoneId: f.place.zoneId,
    address: 'Cité Fadia, villa 12',
    landmark: 'En face de la pharmacie Keur Massar',
    secondPhone: '70 555 12 34',
    latitude: 14.7812345,
    longitude: -17.3123456,
    ...over,
  })
  const create = (cookie: string, input: unknown) =>
    post(f.t, '/_api/account/addresses/create', input, cookie)
  const list = async (cookie: string) => {
    const res = await get(f.t, '/_api/account/addresses', cookie)
    expect(res.statusCode).toBe(200)
    return decode<{ addresses: Address[]; max: number }>(res.body)
  }
  const countOf = async (userId: number) =>
    (await f.t.db.select().from(deliveryAddresses).where(eq(deliveryAddresses.userId, userId))).length
  const orderCountOf = async (userId: number) =>
    (await f.t.db.select().from(orders).where(eq(orders.userId, userId))).length
  const order = (over: Record<string, unknown>) => ({
    items: [{ productId: f.product.id, quantity: 1 }],
    deliveryPhone: '77 123 45 67',
    ...over,
  })
  return { f, home, create, list, countOf, orderCountOf, order }
}
