import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { deliveryAddresses, zones } from '../../src/server/db/schema'
import { MAX_ADDRESSES, TOO_MANY_ADDRESSES } from '../../src/shared/domain/addresses'
import { decode, get, post, postOrder, signedIn } from '../factories'
import type { TestApp } from '../setup/test-app'
import { addressesFixture, type Address } from './addresses-fixture'

/**
 * Saved delivery addresses (docs/rules/people.md#delivery-addresses): the client's own only, bad
 * input refused in French with nothing written, the limit. Ordering with them:
 * addresses-checkout.test.ts.
 */
const { f, home, create, list, countOf, orderCountOf, order } = addressesFixture()
let t: TestApp
let place: typeof f.place
let otherCountryCityId: number
beforeAll(() => {
  ;({ t, place, otherCountryCityId } = f)
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
