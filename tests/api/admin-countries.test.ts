import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decode, get, post, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

let t: TestApp
let root: string
beforeAll(async () => {
  t = await createTestApp()
  root = (await signedIn(t, 'root')).cookie
})
afterAll(() => t.close())

type Country = {
  id: number
  name: string
  code: string
  currency: string
  mobileMoneyProviders: string[]
  isActive: boolean
  createdAt: Date
}
const valid = (over: Record<string, unknown> = {}) => ({
  name: 'Ghana',
  code: 'gh',
  currency: 'ghs',
  mobileMoneyProviders: ['MTN MoMo', ' ', 'Vodafone Cash'],
  dialCode: '+233',
  ...over,
})

describe('GET /_api/admin/countries', () => {
  it('lists every country, inactive ones too, with the spec fields', async () => {
    const res = await get(t, '/_api/admin/countries', root)
    expect(res.statusCode).toBe(200)
    const { countries } = decode<{ countries: Country[] }>(res.body)
    expect(countries).toHaveLength(18)
    const sn = countries.find((c) => c.code === 'SN')!
    expect(sn).toMatchObject({ name: 'Sénégal', currency: 'XOF', isActive: true })
    expect(sn.createdAt).toBeInstanceOf(Date)
    expect(sn.mobileMoneyProviders.length).toBeGreaterThan(0)
  })

  it.each([
    ['super_admin', 403],
    ['admin', 403],
    ['client', 403],
    ['delivery_driver', 403],
  ] as const)('refuses %s with %i', async (role, status) => {
    const { cookie } = await signedIn(t, role)
    expect((await get(t, '/_api/admin/countries', cookie)).statusCode).toBe(status)
  })

  it('answers 401 when signed out', async () => {
    expect((await get(t, '/_api/admin/countries')).statusCode).toBe(401)
  })
})

describe('POST /_api/admin/countries', () => {
  it('creates an active country with code and currency upper-cased and blank providers dropped', async () => {
    const res = await post(t, '/_api/admin/countries', valid(), root)
    expect(res.statusCode).toBe(201)
    const { country } = decode<{ country: Country }>(res.body)
    expect(country).toMatchObject({
      name: 'Ghana',
      code: 'GH',
      currency: 'GHS',
      isActive: true,
      mobileMoneyProviders: ['MTN MoMo', 'Vodafone Cash'],
    })
    const list = decode<{ countries: Country[] }>(
      (await get(t, '/_api/admin/countries', root)).body,
    ).countries
    expect(list.map((c) => c.code)).toContain('GH')
  })

  it.each([
    [{ name: 'G' }, 'name', 'Le nom du pays doit contenir au moins 2 caractères.'],
    [{ code: 'GHA' }, 'code', 'Le code doit contenir exactement 2 lettres.'],
    [{ code: 'G1' }, 'code', 'Le code doit contenir exactement 2 lettres.'],
    [{ currency: 'CF' }, 'currency', 'La devise doit contenir exactement 3 lettres.'],
    [
      { mobileMoneyProviders: [] },
      'mobileMoneyProviders',
      'Au moins un fournisseur Mobile Money est requis.',
    ],
    [
      { mobileMoneyProviders: ['  ', ''] },
      'mobileMoneyProviders',
      'Au moins un fournisseur Mobile Money est requis.',
    ],
  ])('refuses %j with its message and stores nothing', async (over, field, message) => {
    const res = await post(t, '/_api/admin/countries', valid({ name: 'Libéria', code: 'LR', ...over }), root)
    expect(res.statusCode).toBe(400)
    expect(res.json().fieldErrors[field]).toContain(message)
    const list = decode<{ countries: Country[] }>(
      (await get(t, '/_api/admin/countries', root)).body,
    ).countries
    expect(list.find((c) => c.name === 'Libéria')).toBeUndefined()
  })

  it('answers 409 for a name (any case) or a code already taken', async () => {
    const byName = await post(t, '/_api/admin/countries', valid({ name: 'sénégal', code: 'XX' }), root)
    expect(byName.statusCode).toBe(409)
    expect(byName.json().error).toBe('Un pays portant ce nom ou ce code existe déjà.')
    expect(
      (await post(t, '/_api/admin/countries', valid({ name: 'Autre', code: 'sn' }), root)).statusCode,
    ).toBe(409)
  })

  it('refuses a super_admin (403) and a visitor (401)', async () => {
    const { cookie } = await signedIn(t, 'super_admin')
    expect(
      (await post(t, '/_api/admin/countries', valid({ name: 'Nigeria', code: 'NG' }), cookie)).statusCode,
    ).toBe(403)
    expect((await post(t, '/_api/admin/countries', valid({ name: 'Nigeria', code: 'NG' }))).statusCode).toBe(
      401,
    )
  })
})

describe('POST /_api/admin/countries/update', () => {
  it('edits fields, toggles, and a deactivated country leaves the public list at once', async () => {
    const created = decode<{ country: Country }>(
      (await post(t, '/_api/admin/countries', valid({ name: 'Gambie', code: 'GM' }), root)).body,
    ).country
    const res = await post(
      t,
      '/_api/admin/countries/update',
      { id: created.id, currency: 'gmd', mobileMoneyProviders: ['Afrimoney'] },
      root,
    )
    expect(res.statusCode).toBe(200)
    expect(decode<{ country: Country }>(res.body).country).toMatchObject({
      currency: 'GMD',
      mobileMoneyProviders: ['Afrimoney'],
      isActive: true,
    })
    const publicBefore = decode<{ countries: { id: number }[] }>(
      (await get(t, '/_api/countries')).body,
    ).countries
    expect(publicBefore.map((c) => c.id)).toContain(created.id)
    const off = await post(t, '/_api/admin/countries/update', { id: created.id, isActive: false }, root)
    expect(decode<{ country: Country }>(off.body).country.isActive).toBe(false)
    const publicAfter = decode<{ countries: { id: number }[] }>(
      (await get(t, '/_api/countries')).body,
    ).countries
    expect(publicAfter.map((c) => c.id)).not.toContain(created.id)
  })

  it('validates like creation, answers 404 for an unknown id and 409 for a taken code', async () => {
    const mali = decode<{ countries: Country[] }>(
      (await get(t, '/_api/admin/countries', root)).body,
    ).countries.find((c) => c.code === 'ML')!
    const bad = await post(t, '/_api/admin/countries/update', { id: mali.id, code: 'MLI' }, root)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error).toBe('Le code doit contenir exactement 2 lettres.')
    expect(
      (await post(t, '/_api/admin/countries/update', { id: 999999, name: 'Nulle part' }, root)).statusCode,
    ).toBe(404)
    expect(
      (await post(t, '/_api/admin/countries/update', { id: mali.id, code: 'SN' }, root)).statusCode,
    ).toBe(409)
    expect(
      (await post(t, '/_api/admin/countries/update', { id: mali.id, pricePerUnit: 3 }, root)).statusCode,
    ).toBe(400)
  })

  it('refuses a super_admin (403) and a visitor (401)', async () => {
    const { cookie } = await signedIn(t, 'super_admin')
    expect(
      (await post(t, '/_api/admin/countries/update', { id: 1, isActive: false }, cookie)).statusCode,
    ).toBe(403)
    expect((await post(t, '/_api/admin/countries/update', { id: 1, isActive: false })).statusCode).toBe(401)
  })
})
