import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countryByCode, decode, get, post, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

let t: TestApp
let root: string
let superSn: string
let sn: number
let ml: number
beforeAll(async () => {
  t = await createTestApp()
  root = (await signedIn(t, 'root')).cookie
  superSn = (await signedIn(t, 'super_admin', 'SN')).cookie
  sn = (await countryByCode(t.db, 'SN')).id
  ml = (await countryByCode(t.db, 'ML')).id
})
afterAll(() => t.close())

type City = {
  id: number
  name: string
  isActive: boolean
  createdAt: Date
  countryId: number
  country: { id: number; name: string }
}
const cities = async (cookie: string, query = '') =>
  decode<{ cities: City[] }>((await get(t, `/_api/admin/cities${query}`, cookie)).body).cities

describe('GET /_api/admin/cities', () => {
  it('gives root every country’s cities with their country', async () => {
    const all = await cities(root)
    expect(new Set(all.map((c) => c.countryId)).size).toBe(18)
    const dakar = all.find((c) => c.name === 'Dakar')!
    expect(dakar).toMatchObject({ isActive: true, country: { id: sn, name: 'Sénégal' } })
    expect(dakar.createdAt).toBeInstanceOf(Date)
  })

  it('gives a super_admin only its own country, even when it asks for another', async () => {
    expect((await cities(superSn)).every((c) => c.countryId === sn)).toBe(true)
    expect(await cities(superSn, `?countryId=${ml}`)).toEqual([])
  })

  it('filters by country and status for root', async () => {
    const mali = await cities(root, `?countryId=${ml}&isActive=true`)
    expect(mali.map((c) => c.name).sort()).toEqual(['Bamako', 'Sikasso'])
  })

  it('refuses admin, driver and client (403) and visitors (401)', async () => {
    for (const role of ['admin', 'delivery_driver', 'client'] as const) {
      expect((await get(t, '/_api/admin/cities', (await signedIn(t, role)).cookie)).statusCode).toBe(403)
    }
    expect((await get(t, '/_api/admin/cities')).statusCode).toBe(401)
  })
})

describe('POST /_api/admin/cities', () => {
  it('lets a super_admin create a city in its country, active, with its country', async () => {
    const res = await post(t, '/_api/admin/cities', { name: ' Saint-Louis ', countryId: sn }, superSn)
    expect(res.statusCode).toBe(201)
    expect(decode<{ city: City }>(res.body).city).toMatchObject({
      name: 'Saint-Louis',
      isActive: true,
      country: { id: sn, name: 'Sénégal' },
    })
    expect((await cities(superSn)).map((c) => c.name)).toContain('Saint-Louis')
  })

  it('lets root create one anywhere', async () => {
    const res = await post(t, '/_api/admin/cities', { name: 'Kayes', countryId: ml }, root)
    expect(res.statusCode).toBe(201)
    expect(decode<{ city: City }>(res.body).city.country.name).toBe('Mali')
  })

  it('answers 404 to a super_admin reaching into another country, and stores nothing', async () => {
    const res = await post(t, '/_api/admin/cities', { name: 'Ségou', countryId: ml }, superSn)
    expect(res.statusCode).toBe(404)
    expect((await cities(root, `?countryId=${ml}`)).map((c) => c.name)).not.toContain('Ségou')
  })

  it.each([
    [{ name: '', countryId: 1 }, 'name', 'Le nom de la ville est requis.'],
    [{ name: 'Mbour' }, 'countryId', 'Le pays est requis.'],
    [{ name: 'Mbour', countryId: 0 }, 'countryId', 'Le pays est requis.'],
  ])('refuses %j with its message', async (body, field, message) => {
    const res = await post(t, '/_api/admin/cities', body, root)
    expect(res.statusCode).toBe(400)
    expect(res.json().fieldErrors[field]).toContain(message)
  })

  it('answers 409 for a city name already used in that country, whatever its case, and 404 for an unknown country', async () => {
    const dup = await post(t, '/_api/admin/cities', { name: 'dakar', countryId: sn }, root)
    expect(dup.statusCode).toBe(409)
    expect(dup.json().error).toBe('Une ville portant ce nom existe déjà dans ce pays.')
    expect((await post(t, '/_api/admin/cities', { name: 'Dakar', countryId: ml }, root)).statusCode).toBe(201)
    expect(
      (await post(t, '/_api/admin/cities', { name: 'Ailleurs', countryId: 999999 }, root)).statusCode,
    ).toBe(404)
  })

  it('refuses an admin (403) and a visitor (401)', async () => {
    const { cookie } = await signedIn(t, 'admin')
    expect(
      (await post(t, '/_api/admin/cities', { name: 'Rufisque', countryId: sn }, cookie)).statusCode,
    ).toBe(403)
    expect((await post(t, '/_api/admin/cities', { name: 'Rufisque', countryId: sn })).statusCode).toBe(401)
  })
})

describe('POST /_api/admin/cities/update', () => {
  it('toggles a city, and a deactivated city leaves the public list at once', async () => {
    const thies = (await cities(superSn)).find((c) => c.name === 'Thiès')!
    const res = await post(t, '/_api/admin/cities/update', { id: thies.id, isActive: false }, superSn)
    expect(res.statusCode).toBe(200)
    expect(decode<{ city: City }>(res.body).city.isActive).toBe(false)
    const pub = await get(t, '/_api/cities')
    expect(pub.statusCode).toBe(200)
    expect(decode<{ cities: { id: number }[] }>(pub.body).cities.map((c) => c.id)).not.toContain(thies.id)
    const back = await post(
      t,
      '/_api/admin/cities/update',
      { id: thies.id, isActive: true, name: 'Thiès Ville' },
      superSn,
    )
    expect(decode<{ city: City }>(back.body).city).toMatchObject({ isActive: true, name: 'Thiès Ville' })
    const again = decode<{ cities: { id: number; name: string }[] }>(
      (await get(t, '/_api/cities')).body,
    ).cities
    expect(again.find((c) => c.id === thies.id)?.name).toBe('Thiès Ville')
  })

  it('answers 404 to a super_admin on another country’s city and changes nothing', async () => {
    const bamako = (await cities(root, `?countryId=${ml}`)).find((c) => c.name === 'Bamako')!
    expect(
      (await post(t, '/_api/admin/cities/update', { id: bamako.id, isActive: false }, superSn)).statusCode,
    ).toBe(404)
    expect((await cities(root, `?countryId=${ml}`)).find((c) => c.id === bamako.id)!.isActive).toBe(true)
  })

  it('validates the name, answers 409 for a taken name, 404 for an unknown id', async () => {
    const dakar = (await cities(root, `?countryId=${sn}`)).find((c) => c.name === 'Dakar')!
    const empty = await post(t, '/_api/admin/cities/update', { id: dakar.id, name: '  ' }, root)
    expect(empty.statusCode).toBe(400)
    expect(empty.json().error).toBe('Le nom de la ville est requis.')
    expect(
      (await post(t, '/_api/admin/cities/update', { id: dakar.id, name: 'Saint-Louis' }, root)).statusCode,
    ).toBe(409)
    expect(
      (await post(t, '/_api/admin/cities/update', { id: 999999, isActive: true }, root)).statusCode,
    ).toBe(404)
  })

  it('refuses a client (403) and a visitor (401)', async () => {
    const { cookie } = await signedIn(t, 'client')
    expect((await post(t, '/_api/admin/cities/update', { id: 1, isActive: false }, cookie)).statusCode).toBe(
      403,
    )
    expect((await post(t, '/_api/admin/cities/update', { id: 1, isActive: false })).statusCode).toBe(401)
  })
})
