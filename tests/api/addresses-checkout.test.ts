import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { cities, zones } from '../../src/server/db/schema'
import { BOTH_PLACES_MESSAGE } from '../../src/shared/schemas/checkout'
import { countryByCode, decode, get, post, postOrder, signedIn } from '../factories'
import type { TestApp } from '../setup/test-app'
import { addressesFixture, type Address } from './addresses-fixture'

/**
 * Ordering with saved addresses (docs/rules/people.md#delivery-addresses): the order keeps a copy
 * of its place, a closed zone is refused with its reason, and a typed address is saved while
 * ordering. The addresses themselves: addresses.test.ts.
 */
const { f, home, create, list, countOf, orderCountOf, order } = addressesFixture()
let t: TestApp
let place: typeof f.place
beforeAll(() => {
  ;({ t, place } = f)
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
