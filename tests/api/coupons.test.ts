import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatMoney } from '../../src/shared/format'
import { countryByCode, decode, get, post, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

// docs/rules/commerce.md#coupons: staff's codes per country (create, list, change, stop) and the
// cart's question about one.

let t: TestApp
let sn: Awaited<ReturnType<typeof signedIn>>
let ml: Awaited<ReturnType<typeof signedIn>>
let root: Awaited<ReturnType<typeof signedIn>>
let client: Awaited<ReturnType<typeof signedIn>>
beforeAll(async () => {
  t = await createTestApp()
  sn = await signedIn(t, 'super_admin', 'SN')
  ml = await signedIn(t, 'super_admin', 'ML')
  root = await signedIn(t, 'root', 'SN')
  client = await signedIn(t, 'client', 'SN')
})
afterAll(() => t.close())

type Coupon = {
  id: number
  code: string
  countryId: number
  stoppedAt: Date | null
  value: number
  maxUses: number | null
}
const create = (body: Record<string, unknown>, cookie = sn.cookie) =>
  post(t, '/_api/admin/coupons', body, cookie)
const couponOf = (body: string) => decode<{ coupon: Coupon }>(body).coupon
const errorOf = (body: string) =>
  JSON.parse(body) as { error: string; code: string; fieldErrors?: Record<string, string[]> }

describe('POST /_api/admin/coupons', () => {
  it('creates a code in the staff member’s country, the optional terms left out', async () => {
    const res = await create({ code: 'TABASKI', kind: 'percent', value: 10 })
    expect(res.statusCode, res.body).toBe(201)
    const c = couponOf(res.body)
    expect(c).toMatchObject({ code: 'TABASKI', value: 10, maxUses: null, stoppedAt: null })
    expect(c.countryId).toBe((await countryByCode(t.db, 'SN')).id)
  })

  it('takes every term', async () => {
    const res = await create({
      code: 'KORITE-2026',
      kind: 'amount',
      value: 2000,
      maxUses: 100,
      maxAmount: 150000,
      perClient: 1,
      minOrder: 10000,
      validFrom: '2026-03-01',
      validTo: '2026-03-31',
      firstOrderOnly: true,
    })
    expect(res.statusCode, res.body).toBe(201)
    expect(couponOf(res.body)).toMatchObject({
      maxUses: 100,
      perClient: 1,
      validTo: '2026-03-31',
      firstOrderOnly: true,
    })
  })

  it('refuses a code already in the country, whatever its case (409), and allows it in another', async () => {
    await create({ code: 'Ramadan', kind: 'amount', value: 500 })
    const res = await create({ code: 'RAMADAN', kind: 'amount', value: 500 })
    expect(res.statusCode).toBe(409)
    expect(errorOf(res.body).error).toBe('Un code promo portant ce code existe déjà dans ce pays.')
    expect((await create({ code: 'ramadan', kind: 'amount', value: 500 }, ml.cookie)).statusCode).toBe(201)
  })

  it('answers each bad term in French on its field (400)', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { code: 'A', kind: 'amount', value: 5 },
        'code',
        'Le code promo doit faire 2 à 30 caractères : lettres, chiffres, tirets (sans espace).',
      ],
      [
        { code: 'BON PLAN', kind: 'amount', value: 5 },
        'code',
        'Le code promo doit faire 2 à 30 caractères : lettres, chiffres, tirets (sans espace).',
      ],
      [{ code: 'PCT', kind: 'percent', value: 120 }, 'value', 'Un pourcentage va de 1 à 100.'],
      [
        { code: 'ZERO', kind: 'amount', value: 0 },
        'value',
        'La valeur doit être un nombre entier positif (pourcentage ou francs).',
      ],
      [{ code: 'KIND', kind: 'gift', value: 5 }, 'kind', 'Le type doit être « percent » ou « amount ».'],
      [
        { code: 'USES', kind: 'amount', value: 5, maxUses: 0 },
        'maxUses',
        'Le nombre maximal d’utilisations doit être un entier d’au moins 1.',
      ],
      [
        { code: 'DATES', kind: 'amount', value: 5, validFrom: '2026-05-02', validTo: '2026-05-01' },
        'validTo',
        'La date de fin doit suivre la date de début.',
      ],
      [
        { code: 'DAY', kind: 'amount', value: 5, validFrom: '2026-02-30' },
        'validFrom',
        'La date doit être au format AAAA-MM-JJ.',
      ],
    ]
    for (const [body, field, message] of cases) {
      const res = await create(body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(errorOf(res.body).fieldErrors?.[field]).toEqual([message])
    }
  })

  it('root names the country; a super_admin naming another answers 404', async () => {
    const mali = await countryByCode(t.db, 'ML')
    expect((await create({ code: 'ROOT1', kind: 'amount', value: 5 }, root.cookie)).statusCode).toBe(400)
    const made = await create({ code: 'ROOT1', kind: 'amount', value: 5, countryId: mali.id }, root.cookie)
    expect(made.statusCode).toBe(201)
    expect(couponOf(made.body).countryId).toBe(mali.id)
    expect((await create({ code: 'ELSE', kind: 'amount', value: 5, countryId: mali.id })).statusCode).toBe(
      404,
    )
  })
})

describe('list, change, stop', () => {
  it('lists the country’s codes only, searched by code; root sees all', async () => {
    await create({ code: 'LISTE-SN', kind: 'amount', value: 5 })
    await create({ code: 'LISTE-ML', kind: 'amount', value: 5 }, ml.cookie)
    const list = async (cookie: string, q = '') =>
      decode<{ coupons: Coupon[]; total: number }>((await get(t, `/_api/admin/coupons${q}`, cookie)).body)
    const own = await list(sn.cookie)
    expect(own.coupons.map((c) => c.code)).toContain('LISTE-SN')
    expect(own.coupons.map((c) => c.code)).not.toContain('LISTE-ML')
    expect((await list(sn.cookie, '?search=liste')).coupons.map((c) => c.code)).toEqual(['LISTE-SN'])
    expect((await list(root.cookie, '?search=liste')).total).toBe(2)
  })

  it('changes the terms; another country’s code answers 404; a budget never goes below what was used', async () => {
    const c = couponOf((await create({ code: 'CHANGE', kind: 'percent', value: 5 })).body)
    const res = await post(t, '/_api/admin/coupons/update', { id: c.id, value: 15, maxUses: 40 }, sn.cookie)
    expect(res.statusCode, res.body).toBe(200)
    expect(couponOf(res.body)).toMatchObject({ value: 15, maxUses: 40 })
    expect(
      (await post(t, '/_api/admin/coupons/update', { id: c.id, value: 150 }, sn.cookie)).statusCode,
    ).toBe(400)
    expect((await post(t, '/_api/admin/coupons/update', { id: c.id, value: 20 }, ml.cookie)).statusCode).toBe(
      404,
    )
  })

  it('stops a code: the cart is told it is no longer active', async () => {
    const c = couponOf((await create({ code: 'STOPPE', kind: 'amount', value: 1000 })).body)
    const res = await post(t, '/_api/admin/coupons/stop', { id: c.id }, sn.cookie)
    expect(res.statusCode).toBe(200)
    expect(couponOf(res.body).stoppedAt).toBeInstanceOf(Date)
    const check = decode<{ applies: boolean; message: string }>(
      (await post(t, '/_api/coupons/check', { code: 'stoppe', subtotal: 10000 }, client.cookie)).body,
    )
    expect(check).toMatchObject({ applies: false, message: 'Ce code promo n’est plus actif.' })
    expect((await post(t, '/_api/admin/coupons/stop', { id: c.id }, ml.cookie)).statusCode).toBe(404)
  })
})

describe('POST /_api/coupons/check', () => {
  it('answers the discount on the cart, or why not, in French', async () => {
    await create({ code: 'DIX', kind: 'percent', value: 10, minOrder: 5000 })
    const check = async (code: string, subtotal: number) =>
      decode<{ applies: boolean; discount: number; message: string; code: string }>(
        (await post(t, '/_api/coupons/check', { code, subtotal }, client.cookie)).body,
      )
    expect(await check('dix', 12345)).toEqual({
      applies: true,
      code: 'DIX',
      discount: 1235,
      message: 'Code « DIX » appliqué.',
    })
    expect(await check('DIX', 4000)).toMatchObject({
      applies: false,
      discount: 0,
      message: `Ce code promo demande une commande d’au moins ${formatMoney(5000)} (hors livraison).`,
    })
    expect(await check('NEXISTEPAS', 4000)).toMatchObject({
      applies: false,
      message: 'Ce code promo n’existe pas.',
    })
    // Another country's code is not the client's.
    await create({ code: 'MALI-ONLY', kind: 'amount', value: 500 }, ml.cookie)
    expect((await check('MALI-ONLY', 4000)).applies).toBe(false)
  })
})
