import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cities, deliveryAddresses, orders, zones } from '../../src/server/db/schema'
import { MAX_ADDRESSES, TOO_MANY_ADDRESSES } from '../../src/shared/domain/addresses'
import { BOTH_PLACES_MESSAGE } from '../../src/shared/schemas/checkout'
import { countryByCode, createProduct, decode, get, post, postOrder, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * Saved delivery addresses (docs/rules/people.md#delivery-addresses): the client's own only, bad
 * input refused in French with nothing written, the limit, the checkout with a saved address (its
 * place, the copy the order keeps, a closed zone refused with its reason), and saving a typed
 * address while ordering.
 */

type Address = {
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

let t: TestApp
let place: { cityId: number; zoneId: number; otherZoneId: number; cityName: string; countryName: string }
let otherCountryCityId: number
let product: Awaited<ReturnType<typeof createProduct>>

beforeAll(async () => {
  t = await createTestApp()
  const sn = await countryByCode(t.db, 'SN')
  const ml = await countryByCode(t.db, 'ML')
  // A city and zones of this file's own, so that closing them touches no other test.
  const [city] = await t.db.insert(cities).values({ name: 'Keur Massar', countryId: sn.id }).returning()
  const [zone, other] = await t.db
    .insert(zones)
    .values([
      { name: 'Jaxaay', cityId: city!.id, deliveryFee: 1000 },
      { name: 'Parcelles', cityId: city!.id, deliveryFee: 500 },
    ])
    .returning()
  place = {
    cityId: city!.id,
    zoneId: zone!.id,
    otherZoneId: other!.id,
    cityName: city!.name,
    countryName: sn.name,
  }
  const [mlCity] = await t.db.insert(cities).values({ name: 'Kati', countryId: ml.id }).returning()
  otherCountryCityId = mlCity!.id
  product = await createProduct(t.db, {
    name: 'Poulet bicyclette',
    pricePerUnit: 4000,
    unitType: 'unit',
    minQuantity: 1,
  })
})
afterAll(() => t.close())

const home = (over: Record<string, unknown> = {}) => ({
  label: 'Maison',
  cityId: place.cityId,
  zoneId: place.zoneId,
  address: 'Cité Fadia, villa 12',
  landmark: 'En face de la pharmacie Keur Massar',
  secondPhone: '70 555 12 34',
  latitude: 14.7812345,
  longitude: -17.3123456,
  ...over,
})

const create = (cookie: string, input: unknown) => post(t, '/_api/account/addresses/create', input, cookie)
const list = async (cookie: string) => {
  const res = await get(t, '/_api/account/addresses', cookie)
  expect(res.statusCode).toBe(200)
  return decode<{ addresses: Address[]; max: number }>(res.body)
}
const countOf = async (userId: number) =>
  (await t.db.select().from(deliveryAddresses).where(eq(deliveryAddresses.userId, userId))).length
const orderCountOf = async (userId: number) =>
  (await t.db.select().from(orders).where(eq(orders.userId, userId))).length

const order = (over: Record<string, unknown>) => ({
  items: [{ productId: product.id, quantity: 1 }],
  deliveryPhone: '77 123 45 67',
  ...over,
})

describe('saved addresses: create, list, edit, remove', () => {
  it('keeps an address with its landmark, its second phone in international form and its map point', async () => {
    const { user, cookie } = await signedIn(t, 'client', 'SN')
    const res = await create(cookie, home())
    expect(res.statusCode).toBe(201)
    const { address } = decode<{ address: Address }>(res.body)
    expect(address).toMatchObject({
      label: 'Maison',
      cityId: place.cityId,
      zoneId: place.zoneId,
      address: 'Cité Fadia, villa 12',
      landmark: 'En face de la pharmacie Keur Massar',
      secondPhone: '+221 70 555 12 34',
      latitude: 14.781235,
      longitude: -17.312346,
      lastUsedAt: null,
      closedReason: null,
    })

    const edited = await post(
      t,
      '/_api/account/addresses/update',
      {
        id: address.id,
        ...home({
          label: 'Chez maman',
          landmark: '',
          secondPhone: null,
          latitude: null,
          longitude: null,
          zoneId: place.otherZoneId,
        }),
      },
      cookie,
    )
    expect(edited.statusCode).toBe(200)
    expect(decode<{ address: Address }>(edited.body).address).toMatchObject({
      label: 'Chez maman',
      zoneId: place.otherZoneId,
      landmark: null,
      secondPhone: null,
      latitude: null,
      longitude: null,
    })

    await create(cookie, home({ label: 'Bureau' }))
    const { addresses, max } = await list(cookie)
    expect(max).toBe(MAX_ADDRESSES)
    expect(addresses.map((a) => a.label)).toEqual(['Bureau', 'Chez maman'])

    const removed = await post(t, '/_api/account/addresses/delete', { id: address.id }, cookie)
    expect(removed.statusCode).toBe(200)
    expect(decode<{ addresses: Address[] }>(removed.body).addresses.map((a) => a.label)).toEqual(['Bureau'])
    expect(await countOf(user.id)).toBe(1)
  })

  it.each([
    ['no label', { label: '  ' }, 'label', 'Donnez un nom à cette adresse (ex. Maison, Bureau).'],
    [
      'a label too long',
      { label: 'x'.repeat(41) },
      'label',
      'Le nom de l’adresse ne peut pas dépasser 40 caractères.',
    ],
    ['no address', { address: '' }, 'address', "L'adresse de livraison est requise."],
    ['no city', { cityId: undefined }, 'cityId', 'La ville est requise.'],
    ['no zone', { zoneId: 0 }, 'zoneId', 'La zone de livraison est requise.'],
    ['a latitude past 90', { latitude: 91 }, 'latitude', 'La latitude doit être un nombre entre -90 et 90.'],
    [
      'a longitude past -180',
      { longitude: -180.5 },
      'longitude',
      'La longitude doit être un nombre entre -180 et 180.',
    ],
    [
      'a latitude as text',
      { latitude: '14.7' },
      'latitude',
      'La latitude doit être un nombre entre -90 et 90.',
    ],
    [
      'half a map point',
      { longitude: null },
      'longitude',
      'Le point sur la carte doit avoir une latitude et une longitude.',
    ],
    [
      'a landmark with a control character',
      { landmark: 'pharmacie\u0007' },
      'landmark',
      'Ce champ contient des caractères non autorisés.',
    ],
    [
      'a second phone that is no number of the country',
      { secondPhone: '12' },
      'secondPhone',
      'Numéro de téléphone invalide : écrivez-le avec l’indicatif du pays (ex. +221 77 123 45 67) ou tel qu’on le compose dans le pays.',
    ],
    ['a city of another country', { cityId: -1 }, 'cityId', 'Ville sélectionnée introuvable'],
    ['a zone of another city', { zoneId: -1 }, 'zoneId', 'Zone de livraison introuvable ou inactive.'],
  ])('refuses %s in French and writes nothing', async (_name, over, field, message) => {
    const { user, cookie } = await signedIn(t, 'client', 'SN')
    const patched = { ...over } as Record<string, unknown>
    if (patched.cityId === -1) patched.cityId = otherCountryCityId
    if (patched.zoneId === -1) {
      const [elsewhere] = await t.db
        .select()
        .from(zones)
        .where(sql`${zones.cityId} <> ${place.cityId}`)
        .limit(1)
      patched.zoneId = elsewhere!.id
    }
    const res = await create(cookie, home(patched))
    expect(res.statusCode).toBe(400)
    const body = res.json<{ error: string; fieldErrors: Record<string, string[]> }>()
    expect(body.error).toBe(message)
    expect(body.fieldErrors[field]).toEqual([message])
    expect(await countOf(user.id)).toBe(0)
  })

  it(`keeps ${MAX_ADDRESSES} addresses at most, and says so in French`, async () => {
    const { user, cookie } = await signedIn(t, 'client', 'SN')
    for (let i = 0; i < MAX_ADDRESSES; i++)
      expect((await create(cookie, home({ label: `Adresse ${i}` }))).statusCode).toBe(201)
    const res = await create(cookie, home({ label: 'Une de trop' }))
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe(TOO_MANY_ADDRESSES)
    // Saving while ordering holds the same limit, and then nothing is ordered either.
    const ordered = await postOrder(
      t,
      order({
        deliveryAddress: 'Rue 1',
        deliveryCity: place.cityName,
        deliveryCountry: place.countryName,
        zoneId: place.zoneId,
        saveAddress: { label: 'Une de trop' },
      }),
      cookie,
    )
    expect(ordered.statusCode).toBe(400)
    expect(ordered.json().error).toBe(TOO_MANY_ADDRESSES)
    expect(await countOf(user.id)).toBe(MAX_ADDRESSES)
    expect(await orderCountOf(user.id)).toBe(0)
  })
})

describe('saved addresses: a client reaches its own only (docs/security.md)', () => {
  it("answers 404 on another client's address, to read it through an order, edit or remove it, and changes nothing", async () => {
    const owner = await signedIn(t, 'client', 'SN')
    const stranger = await signedIn(t, 'client', 'SN')
    const { address } = decode<{ address: Address }>((await create(owner.cookie, home())).body)

    const edit = await post(
      t,
      '/_api/account/addresses/update',
      { id: address.id, ...home({ label: 'À moi' }) },
      stranger.cookie,
    )
    expect(edit.statusCode).toBe(404)
    expect(edit.json().error).toBe('Adresse introuvable.')
    const remove = await post(t, '/_api/account/addresses/delete', { id: address.id }, stranger.cookie)
    expect(remove.statusCode).toBe(404)
    const orderThere = await postOrder(t, order({ addressId: address.id }), stranger.cookie)
    expect(orderThere.statusCode).toBe(404)
    expect(await orderCountOf(stranger.user.id)).toBe(0)

    expect((await list(stranger.cookie)).addresses).toEqual([])
    const [row] = await t.db.select().from(deliveryAddresses).where(eq(deliveryAddresses.id, address.id))
    expect(row).toMatchObject({ userId: owner.user.id, label: 'Maison' })
  })

  it('is for clients: signed out 401, staff 403', async () => {
    expect((await get(t, '/_api/account/addresses')).statusCode).toBe(401)
    const admin = await signedIn(t, 'admin', 'SN')
    expect((await create(admin.cookie, home())).statusCode).toBe(403)
  })
})

describe('checkout with saved addresses', () => {
  it('orders to a saved address: the order copies it, and later edits or a removal do not change the order', async () => {
    const { user, cookie } = await signedIn(t, 'client', 'SN')
    const { address } = decode<{ address: Address }>((await create(cookie, home())).body)
    const res = await postOrder(t, order({ addressId: address.id }), cookie)
    expect(res.statusCode).toBe(201)
    const placed = decode<{ order: Record<string, unknown> }>(res.body).order
    const copy = {
      zoneId: place.zoneId,
      cityId: place.cityId,
      zoneName: 'Jaxaay',
      deliveryCity: 'Keur Massar',
      deliveryAddress: 'Cité Fadia, villa 12',
      deliveryLandmark: 'En face de la pharmacie Keur Massar',
      deliverySecondPhone: '+221 70 555 12 34',
      deliveryLatitude: 14.781235,
      deliveryLongitude: -17.312346,
      deliveryFeeAmount: 1000,
    }
    expect(placed).toMatchObject(copy)
    expect((await list(cookie)).addresses[0]!.lastUsedAt).toBeInstanceOf(Date)

    await post(
      t,
      '/_api/account/addresses/update',
      {
        id: address.id,
        ...home({ address: 'Ailleurs', landmark: 'Autre repère', latitude: 1, longitude: 2 }),
      },
      cookie,
    )
    await post(t, '/_api/account/addresses/delete', { id: address.id }, cookie)
    const again = await get(t, `/_api/orders/details?orderId=${String(placed.id)}`, cookie)
    expect(decode<{ order: Record<string, unknown> }>(again.body).order).toMatchObject(copy)
    expect(await orderCountOf(user.id)).toBe(1)
  })

  it('refuses a saved address whose zone or city closed, with the reason the list shows, and writes nothing', async () => {
    const { user, cookie } = await signedIn(t, 'client', 'SN')
    const [zone] = await t.db.insert(zones).values({ name: 'Malika', cityId: place.cityId }).returning()
    const { address } = decode<{ address: Address }>((await create(cookie, home({ zoneId: zone!.id }))).body)
    await t.db.update(zones).set({ isActive: false }).where(eq(zones.id, zone!.id))

    const reason = 'Nous ne livrons plus dans la zone « Malika » pour le moment.'
    expect((await list(cookie)).addresses[0]!.closedReason).toBe(reason)
    const res = await postOrder(t, order({ addressId: address.id }), cookie)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ error: reason, fieldErrors: { addressId: [reason] } })
    expect(await orderCountOf(user.id)).toBe(0)

    // A closed city closes every address in it.
    const [city] = await t.db
      .insert(cities)
      .values({ name: 'Bargny', countryId: (await countryByCode(t.db, 'SN')).id })
      .returning()
    const [cityZone] = await t.db.insert(zones).values({ name: 'Centre', cityId: city!.id }).returning()
    const inCity = decode<{ address: Address }>(
      (await create(cookie, home({ cityId: city!.id, zoneId: cityZone!.id }))).body,
    ).address
    await t.db.update(cities).set({ isActive: false }).where(eq(cities.id, city!.id))
    const closed = await postOrder(t, order({ addressId: inCity.id }), cookie)
    expect(closed.statusCode).toBe(400)
    expect(closed.json().error).toBe('Nous ne livrons plus à Bargny pour le moment.')
    expect(await orderCountOf(user.id)).toBe(0)
  })

  it('saves the typed address while ordering: the order and the new address hold the same, the new one last used', async () => {
    const { user, cookie } = await signedIn(t, 'client', 'SN')
    await create(cookie, home({ label: 'Maison' }))
    const res = await postOrder(
      t,
      order({
        deliveryAddress: 'Immeuble Kër Gi, 3e étage',
        deliveryCity: place.cityName,
        deliveryCountry: place.countryName,
        zoneId: place.otherZoneId,
        deliveryLandmark: 'Derrière la mosquée',
        deliverySecondPhone: '+221 76 000 11 22',
        deliveryLatitude: 14.75,
        deliveryLongitude: -17.33,
        saveAddress: { label: 'Bureau' },
      }),
      cookie,
    )
    expect(res.statusCode).toBe(201)
    expect(decode<{ order: Record<string, unknown> }>(res.body).order).toMatchObject({
      deliveryLandmark: 'Derrière la mosquée',
      deliverySecondPhone: '+221 76 000 11 22',
      deliveryLatitude: 14.75,
      deliveryLongitude: -17.33,
    })
    const { addresses } = await list(cookie)
    expect(addresses.map((a) => a.label)).toEqual(['Bureau', 'Maison'])
    expect(addresses[0]).toMatchObject({
      address: 'Immeuble Kër Gi, 3e étage',
      zoneId: place.otherZoneId,
      landmark: 'Derrière la mosquée',
      secondPhone: '+221 76 000 11 22',
      latitude: 14.75,
      longitude: -17.33,
    })
    expect(addresses[0]!.lastUsedAt).toBeInstanceOf(Date)
    expect(await countOf(user.id)).toBe(2)
  })

  it.each([
    [
      'a saved address and a typed one',
      { addressId: 1, deliveryAddress: 'Rue 1' },
      'addressId',
      BOTH_PLACES_MESSAGE,
    ],
    [
      'a saved address and a label to save',
      { addressId: 1, saveAddress: { label: 'X' } },
      'addressId',
      BOTH_PLACES_MESSAGE,
    ],
    [
      'half a map point',
      {
        deliveryAddress: 'Rue 1',
        deliveryCity: 'x',
        deliveryCountry: 'y',
        zoneId: 1,
        deliveryLatitude: 14.7,
      },
      'deliveryLongitude',
      'Le point sur la carte doit avoir une latitude et une longitude.',
    ],
    [
      'a second phone that is no number',
      { deliveryAddress: 'Rue 1', deliverySecondPhone: '12' },
      'deliverySecondPhone',
      'Numéro de téléphone invalide : écrivez-le avec l’indicatif du pays (ex. +221 77 123 45 67) ou tel qu’on le compose dans le pays.',
    ],
  ])('refuses %s in French and orders nothing', async (_name, over, field, message) => {
    const { user, cookie } = await signedIn(t, 'client', 'SN')
    const typed = 'deliveryAddress' in over && !('addressId' in over) && !('zoneId' in over)
    const body = typed
      ? { deliveryCity: place.cityName, deliveryCountry: place.countryName, zoneId: place.zoneId, ...over }
      : over
    const res = await postOrder(t, order(body), cookie)
    expect(res.statusCode).toBe(400)
    const answer = res.json<{ error: string; fieldErrors: Record<string, string[]> }>()
    expect(answer.error).toBe(message)
    expect(answer.fieldErrors[field]).toEqual([message])
    expect(await orderCountOf(user.id)).toBe(0)
    expect(await countOf(user.id)).toBe(0)
  })
})
