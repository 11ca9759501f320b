import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cities as citiesTable, zones as zonesTable } from '../../src/server/db/schema'
import { COUNT_CAP } from '../../src/shared/schemas/common'
import { decode, firstZoneOf, get, post, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

let t: TestApp
let root: string
let superSn: string
let dakar: { id: number }
let bamako: { id: number }
beforeAll(async () => {
  t = await createTestApp()
  root = (await signedIn(t, 'root')).cookie
  superSn = (await signedIn(t, 'super_admin', 'SN')).cookie
  dakar = (await firstZoneOf(t.db, 'SN')).city
  bamako = (await firstZoneOf(t.db, 'ML')).city
})
afterAll(() => t.close())

type Zone = {
  id: number
  name: string
  isActive: boolean
  cityId: number
  city: { id: number; name: string; country: { id: number; name: string } }
}
type Page = { zones: Zone[]; total: number }
const list = async (cookie: string, query = '') => {
  const res = await get(t, `/_api/admin/zones${query}`, cookie)
  expect(res.statusCode).toBe(200)
  return decode<Page>(res.body)
}

describe('GET /_api/admin/zones', () => {
  it('pages root’s zones (default 10) with city and country, and the total', async () => {
    const first = await list(root)
    expect(first.zones).toHaveLength(10)
    expect(first.total).toBeGreaterThan(20)
    expect(first.zones[0]!.city.country.name).toBeTruthy()
    const all = await list(root, '?limit=100')
    expect(all.zones).toHaveLength(first.total)
    const second = await list(root, '?page=2&limit=20')
    expect(second.zones.map((z) => z.id)).toEqual(all.zones.slice(20, 40).map((z) => z.id))
    expect(second.total).toBe(first.total)
  })

  it('searches by name on the server across every page, case-insensitively', async () => {
    const res = await list(root, '?search=plateau&limit=100')
    expect(res.zones.length).toBeGreaterThanOrEqual(3)
    expect(res.zones.every((z) => z.name === 'Plateau')).toBe(true)
    expect(res.total).toBe(res.zones.length)
    expect((await list(root, '?search=%25')).total).toBe(0)
  })

  it('filters by city and status', async () => {
    const res = await list(root, `?cityId=${dakar.id}&limit=100`)
    expect(res.zones.map((z) => z.name).sort()).toEqual([
      'Almadies',
      'Médina',
      'Parcelles Assainies',
      'Plateau',
    ])
    expect((await list(root, `?cityId=${dakar.id}&isActive=false`)).total).toBe(0)
  })

  it('gives a super_admin only its own country’s zones, even filtering on another city', async () => {
    const own = await list(superSn, '?limit=100')
    expect(own.zones.every((z) => z.city.country.name === 'Sénégal')).toBe(true)
    expect(own.total).toBe(own.zones.length)
    expect((await list(superSn, `?cityId=${bamako.id}`)).total).toBe(0)
  })

  it.each([
    ['?page=0', 'La page doit être au moins 1.'],
    ['?limit=0', 'La limite doit être au moins 1.'],
    ['?limit=101', 'La limite ne peut pas dépasser 100.'],
  ])('refuses %s', async (query, message) => {
    const res = await get(t, `/_api/admin/zones${query}`, root)
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe(message)
  })

  it('refuses admin, driver, client (403) and visitors (401)', async () => {
    for (const role of ['admin', 'delivery_driver', 'client'] as const) {
      expect((await get(t, '/_api/admin/zones', (await signedIn(t, role)).cookie)).statusCode).toBe(403)
    }
    expect((await get(t, '/_api/admin/zones')).statusCode).toBe(401)
  })

  it(`caps the total at ${COUNT_CAP}`, async () => {
    const [city] = await t.db
      .insert(citiesTable)
      .values({ name: 'Grande Ville', countryId: (await firstZoneOf(t.db, 'GA')).country.id })
      .returning()
    const rows = Array.from({ length: COUNT_CAP + 5 }, (_, i) => ({
      name: `Quartier ${i}`,
      cityId: city!.id,
    }))
    for (let i = 0; i < rows.length; i += 2000) await t.db.insert(zonesTable).values(rows.slice(i, i + 2000))
    const res = await list(root, `?cityId=${city!.id}&limit=5`)
    expect(res.total).toBe(COUNT_CAP)
    expect(res.zones).toHaveLength(5)
  }, 60_000)
})

describe('POST /_api/admin/zones', () => {
  it('lets a super_admin create a zone in its country', async () => {
    const res = await post(t, '/_api/admin/zones', { name: 'Ouakam', cityId: dakar.id }, superSn)
    expect(res.statusCode).toBe(201)
    expect(decode<{ zone: Zone }>(res.body).zone).toMatchObject({
      name: 'Ouakam',
      isActive: true,
      city: { name: 'Dakar', country: { name: 'Sénégal' } },
    })
    expect((await list(superSn, '?search=ouakam')).total).toBe(1)
  })

  it('answers 409 for two zones of one name in one city, but allows it in another city', async () => {
    const dup = await post(t, '/_api/admin/zones', { name: 'plateau', cityId: dakar.id }, root)
    expect(dup.statusCode).toBe(409)
    expect(dup.json().error).toBe('Une zone portant ce nom existe déjà dans cette ville.')
    expect(
      (await post(t, '/_api/admin/zones', { name: 'Plateau', cityId: bamako.id }, root)).statusCode,
    ).toBe(201)
  })

  it('answers 404 to a super_admin creating in another country’s city', async () => {
    expect(
      (await post(t, '/_api/admin/zones', { name: 'Sogoniko', cityId: bamako.id }, superSn)).statusCode,
    ).toBe(404)
    expect((await list(root, '?search=Sogoniko')).total).toBe(0)
  })

  it.each([
    [{ name: '', cityId: 1 }, 'name', 'Le nom de la zone est requis.'],
    [{ name: 'Yoff' }, 'cityId', 'La ville est requise.'],
    [{ name: 'Yoff', cityId: -3 }, 'cityId', 'La ville est requise.'],
  ])('refuses %j with its message', async (body, field, message) => {
    const res = await post(t, '/_api/admin/zones', body, root)
    expect(res.statusCode).toBe(400)
    expect(res.json().fieldErrors[field]).toContain(message)
  })

  it('refuses an admin (403) and a visitor (401)', async () => {
    const { cookie } = await signedIn(t, 'admin')
    expect((await post(t, '/_api/admin/zones', { name: 'Yoff', cityId: dakar.id }, cookie)).statusCode).toBe(
      403,
    )
    expect((await post(t, '/_api/admin/zones', { name: 'Yoff', cityId: dakar.id })).statusCode).toBe(401)
  })
})

describe('POST /_api/admin/zones/update', () => {
  it('renames and toggles a zone; a deactivated zone leaves the public zones of its city', async () => {
    const zone = (await list(superSn, `?cityId=${dakar.id}&search=Médina`)).zones[0]!
    const res = await post(
      t,
      '/_api/admin/zones/update',
      { id: zone.id, name: 'Médina Rebeuss', isActive: false },
      superSn,
    )
    expect(res.statusCode).toBe(200)
    expect(decode<{ zone: Zone }>(res.body).zone).toMatchObject({ name: 'Médina Rebeuss', isActive: false })
    expect((await list(root, `?cityId=${dakar.id}&isActive=false`)).zones.map((z) => z.id)).toEqual([zone.id])
    const pub = await get(t, `/_api/zones/by-city?cityId=${dakar.id}`)
    expect(pub.statusCode).toBe(200)
    const publicZones = decode<{ zones: { id: number }[] }>(pub.body).zones.map((z) => z.id)
    expect(publicZones).not.toContain(zone.id)
    const activeInAdmin = (await list(root, `?cityId=${dakar.id}&isActive=true`)).zones.map((z) => z.id)
    expect([...publicZones].sort()).toEqual([...activeInAdmin].sort())
  })

  it('answers 404 to a super_admin on another country’s zone, 409 for a taken name, 400 for an empty one', async () => {
    const mali = (await list(root, `?cityId=${bamako.id}&search=Hamdallaye`)).zones[0]!
    expect(
      (await post(t, '/_api/admin/zones/update', { id: mali.id, isActive: false }, superSn)).statusCode,
    ).toBe(404)
    expect((await list(root, `?cityId=${bamako.id}&search=Hamdallaye`)).zones[0]!.isActive).toBe(true)
    expect(
      (await post(t, '/_api/admin/zones/update', { id: mali.id, name: 'ACI 2000' }, root)).statusCode,
    ).toBe(409)
    const empty = await post(t, '/_api/admin/zones/update', { id: mali.id, name: '' }, root)
    expect(empty.statusCode).toBe(400)
    expect(empty.json().error).toBe('Le nom de la zone est requis.')
    expect((await post(t, '/_api/admin/zones/update', { id: 999999, isActive: true }, root)).statusCode).toBe(
      404,
    )
  })

  it('refuses a driver (403) and a visitor (401)', async () => {
    const { cookie } = await signedIn(t, 'delivery_driver')
    expect((await post(t, '/_api/admin/zones/update', { id: 1, isActive: false }, cookie)).statusCode).toBe(
      403,
    )
    expect((await post(t, '/_api/admin/zones/update', { id: 1, isActive: false })).statusCode).toBe(401)
  })
})
