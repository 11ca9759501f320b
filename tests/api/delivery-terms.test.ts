import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countryByCode, decode, get } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

// docs/rules/delivery.md#fees-before-the-cart: GET /_api/delivery-terms, public.
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('GET /_api/delivery-terms', () => {
  it('answers the active zones’ terms of a country, by city, and the weigh-in tolerance', async () => {
    const sn = await countryByCode(t.db, 'SN')
    const res = await get(t, `/_api/delivery-terms?countryId=${sn.id}`)
    expect(res.statusCode, res.body).toBe(200)
    const body = decode<{
      countryName: string
      zones: { cityName: string; deliveryFee: number }[]
      weighTolerancePercent: number
    }>(res.body)
    expect(body.countryName).toBe('Sénégal')
    expect(body.zones.length).toBeGreaterThan(0)
    expect(body.zones.every((z) => typeof z.cityName === 'string' && z.deliveryFee >= 0)).toBe(true)
    expect(body.weighTolerancePercent).toBe(10)
  })
  it('answers no zone for an unknown country, and 400 in French without one', async () => {
    const res = await get(t, '/_api/delivery-terms?countryId=999999')
    expect(decode<{ zones: unknown[] }>(res.body).zones).toEqual([])
    const bad = await get(t, '/_api/delivery-terms')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().code).toBe('VALIDATION_ERROR')
  })
})
