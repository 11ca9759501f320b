import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, users } from '../../src/server/db/schema'
import { PHONE_INVALID } from '../../src/server/services/people/phones'
import {
  countryByCode,
  createProduct,
  decode,
  deliveryIn,
  get,
  post,
  postOrder,
  signedIn,
} from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/** Phone numbers in one international form (docs/rules/people.md#phones), and the shop's own per country. */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const registration = (phoneNumber: string, country = 'Sénégal') => ({
  email: `tel.${Math.random().toString(36).slice(2)}@exemple.sn`,
  password: 'motdepasse1',
  displayName: 'Awa Diallo',
  phoneNumber,
  city: 'Dakar',
  country,
})

describe('phone numbers are kept in one international form', () => {
  it('reads a local number in the country, and refuses one that is not a number of it (nothing written)', async () => {
    const ok = await post(t, '/_api/auth/register_with_password', registration('77-123-45-67'))
    expect(ok.statusCode, ok.body).toBe(201)
    expect(ok.json().user.phoneNumber).toBe('+221 77 123 45 67')
    const mali = await post(t, '/_api/auth/register_with_password', registration('0022370000000', 'Mali'))
    expect(mali.json().user?.phoneNumber).toBe('+223 70 00 00 00')

    const before = (await t.db.select().from(users)).length
    for (const bad of ['12 34', 'appelez-moi', '+221 12']) {
      const res = await post(t, '/_api/auth/register_with_password', registration(bad))
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({
        error: PHONE_INVALID,
        fieldErrors: { phoneNumber: [PHONE_INVALID] },
      })
    }
    expect((await t.db.select().from(users)).length).toBe(before)
  })

  it('writes the delivery phone of an order the same way', async () => {
    const client = await signedIn(t, 'client', 'SN')
    const p = await createProduct(t.db, { pricePerUnit: 1000, unitType: 'unit', minQuantity: 1 })
    const body = {
      ...(await deliveryIn(t.db, 'SN')),
      items: [{ productId: p.id, quantity: 1 }],
      pointsToUse: 0,
    }
    const res = await postOrder(t, { ...body, deliveryPhone: '771234567' }, client.cookie)
    expect(res.statusCode, res.body).toBe(201)
    expect(decode<{ order: { deliveryPhone: string } }>(res.body).order.deliveryPhone).toBe(
      '+221 77 123 45 67',
    )
    const refused = await postOrder(t, { ...body, deliveryPhone: '0000' }, client.cookie)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().fieldErrors).toEqual({ deliveryPhone: [PHONE_INVALID] })
    expect((await t.db.select().from(orders).where(eq(orders.userId, client.user.id))).length).toBe(1)
  })

  it('staff accounts too', async () => {
    const admin = await signedIn(t, 'admin', 'SN')
    const res = await post(
      t,
      '/_api/admin/create-delivery-driver',
      {
        email: `livreur.${Date.now()}@etal.test`,
        password: 'motdepasse1',
        displayName: 'Moussa Ndiaye',
        phoneNumber: '76 555 44 33',
        city: 'Dakar',
        country: 'Sénégal',
      },
      admin.cookie,
    )
    expect(res.statusCode, res.body).toBe(201)
    expect(decode<{ user: { phoneNumber: string } }>(res.body).user.phoneNumber).toBe('+221 76 555 44 33')
  })
})

describe("the shop's own phone and WhatsApp, per country", () => {
  it('root sets them (in international form); the public country list carries them; a bad one is refused', async () => {
    const root = await signedIn(t, 'root')
    const senegal = await countryByCode(t.db, 'SN')
    const res = await post(
      t,
      '/_api/admin/countries/update',
      { id: senegal.id, shopPhone: '33 800 00 00', shopWhatsapp: '+221 77 800 00 00' },
      root.cookie,
    )
    expect(res.statusCode, res.body).toBe(200)
    const listed = decode<{
      countries: { code: string; shopPhone: string | null; shopWhatsapp: string | null }[]
    }>((await get(t, '/_api/countries')).body).countries.find((c) => c.code === 'SN')
    expect(listed).toMatchObject({ shopPhone: '+221 33 800 00 00', shopWhatsapp: '+221 77 800 00 00' })

    const bad = await post(
      t,
      '/_api/admin/countries/update',
      { id: senegal.id, shopWhatsapp: '123' },
      root.cookie,
    )
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fieldErrors).toEqual({ shopWhatsapp: [PHONE_INVALID] })
    const cleared = await post(
      t,
      '/_api/admin/countries/update',
      { id: senegal.id, shopPhone: '' },
      root.cookie,
    )
    expect(
      decode<{ country: { shopPhone: string | null; shopWhatsapp: string } }>(cleared.body).country,
    ).toMatchObject({
      shopPhone: null,
      shopWhatsapp: '+221 77 800 00 00',
    })
  })
})
