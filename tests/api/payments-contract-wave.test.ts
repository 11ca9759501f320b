import { readFileSync, readdirSync } from 'node:fs'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { paymentAttempts } from '../../src/server/db/schema'
import type { FakeProviders } from '../../dev/fakes/payments'
import { WAVE_EVENT_TYPES } from '../../dev/fakes/payments/wave'
import { verifyWaveSignature } from '../../src/server/services/money/payments/signatures'
import { ProviderKeyRefused } from '../../src/server/services/money/payments/providers/types'
import { waveClient } from '../../src/server/services/money/payments/providers/wave'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * Wave as its documentation describes it (docs.wave.com/checkout, /webhook; docs/decisions/0062),
 * through the fake written from it: what our client asks, what Wave answers, every event type,
 * and the fake's signatures read by our verifier.
 */
let t: TestApp
let fake: FakeProviders
const client = () => waveClient({ apiUrl: fake.origins.wave, keys: fake.secrets.wave })
const input = (reference: string) => ({
  reference,
  amount: 12_100,
  currency: 'XOF',
  countryCode: 'SN',
  description: 'Commande',
  notifyUrl: 'https://etal.example/_api/payments/notify/wave/sn',
  returnUrl: 'https://etal.example/paiement/merci',
})
const call = (path: string, init: RequestInit = {}) =>
  fetch(`${fake.origins.wave}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${fake.secrets.wave.SN!.apiKey}`, ...init.headers },
  })

beforeAll(async () => {
  t = await createTestApp()
  fake = t.deps.payments.fake!
})
afterAll(() => t.close())
beforeEach(() => fake.set({}))

describe('the fakes are written from the documentation, not from our code', () => {
  it('no fake file imports the shop’s payment code', () => {
    const dir = 'dev/fakes/payments'
    for (const file of readdirSync(dir)) {
      const imports = readFileSync(`${dir}/${file}`, 'utf8').match(/from '[^']+'/g) ?? []
      for (const i of imports) expect(i, `${file}: ${i}`).toMatch(/^from '(node:[\w/]+|\.\/[\w-]+)'$/)
    }
  })
})

describe('each provider is its own small server (docs/rules/money.md#payments)', () => {
  it('Wave and CinetPay answer on their own origins, each only its own protocol', async () => {
    const { wave, cinetpay } = fake.origins
    expect(new URL(wave).port).not.toBe(new URL(cinetpay).port)
    expect((await fetch(`${wave}/v2/payment`, { method: 'POST', body: '{}' })).status).toBe(404)
    expect((await fetch(`${cinetpay}/v1/checkout/sessions/cos-x`)).status).toBe(404)
    const event = JSON.stringify({ type: 'test.test_event', country: 'SN' })
    expect((await fetch(`${cinetpay}/_fake/event`, { method: 'POST', body: event })).status).toBe(404)
    const session = (await (
      await call('/v1/checkout/sessions', {
        method: 'POST',
        body: JSON.stringify({
          amount: '1000',
          currency: 'XOF',
          success_url: 'https://e.x/ok',
          error_url: 'https://e.x/ko',
        }),
      })
    ).json()) as { wave_launch_url: string }
    expect(session.wave_launch_url.startsWith(`${wave}/simulation/wave/`)).toBe(true)
  })

  it('POST /_fake/behaviour at either origin steers both fakes', async () => {
    const steer = (origin: string, b: object) =>
      fetch(`${origin}/_fake/behaviour`, { method: 'POST', body: JSON.stringify(b) })
    expect((await steer(fake.origins.cinetpay, { down: true })).status).toBe(200)
    expect((await call('/v1/checkout/sessions/cos-x')).status).toBe(503)
    await steer(fake.origins.wave, {})
    expect((await call('/v1/checkout/sessions/cos-x')).status).toBe(404)
    await steer(fake.origins.wave, { down: true })
    const check = await fetch(`${fake.origins.cinetpay}/v2/payment/check`, { method: 'POST', body: '{}' })
    expect(check.status).toBe(503)
  })
})

describe('the Checkout API', () => {
  it('answers 401 with Wave’s error codes for a missing or unknown key', async () => {
    const none = await fetch(`${fake.origins.wave}/v1/checkout/sessions/cos-x`)
    expect(none.status).toBe(401)
    expect(await none.json()).toMatchObject({ code: 'missing-auth-header' })
    const wrong = await fetch(`${fake.origins.wave}/v1/checkout/sessions/cos-x`, {
      headers: { authorization: 'Bearer wave_sn_prod_nope' },
    })
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toMatchObject({ code: 'no-matching-api-key' })
  })

  it('a refused key is ProviderKeyRefused naming the country, not an outage', async () => {
    fake.set({ wrongKey: true })
    const err = await client()
      .create(input('ETALWKEY1'))
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ProviderKeyRefused)
    expect(err).toMatchObject({ provider: 'wave', countryCode: 'SN' })
  })

  it('creates a session with the documented fields, reads it, finds it by client_reference, expires it', async () => {
    const made = await client().create(input('ETALWC1'))
    expect(made.providerRef).toMatch(/^cos-/)
    const session = (await (await call(`/v1/checkout/sessions/${made.providerRef}`)).json()) as Record<
      string,
      unknown
    >
    expect(session).toMatchObject({
      id: made.providerRef,
      amount: '12100',
      currency: 'XOF',
      client_reference: 'ETALWC1',
      checkout_status: 'open',
      payment_status: 'processing',
      success_url: 'https://etal.example/paiement/merci',
      error_url: 'https://etal.example/paiement/merci',
    })
    for (const k of [
      'business_name',
      'wave_launch_url',
      'when_created',
      'when_expires',
      'last_payment_error',
    ])
      expect(session).toHaveProperty(k)
    const found = await call('/v1/checkout/sessions/search?client_reference=ETALWC1')
    expect(((await found.json()) as { result: { id: string }[] }).result.map((s) => s.id)).toEqual([
      made.providerRef,
    ])
    // The same Idempotency-Key answers the same session.
    expect((await client().create(input('ETALWC1'))).providerRef).toBe(made.providerRef)
    const attempt = { reference: 'ETALWC1', providerRef: made.providerRef, countryCode: 'SN' }
    await client().expire!(attempt)
    expect((await client().status(attempt)).state).toBe('expired')
  })

  it('a payment cancelled while the session is open is pending; paid in the same session, paid', async () => {
    const made = await client().create(input('ETALWC2'))
    const attempt = { reference: 'ETALWC2', providerRef: made.providerRef, countryCode: 'SN' }
    fake.decide(made.providerRef, 'refuse')
    await fake.idle()
    expect(await client().status(attempt)).toMatchObject({ state: 'pending', raw: 'open/cancelled' })
    fake.decide(made.providerRef, 'pay')
    await fake.idle()
    expect(await client().status(attempt)).toMatchObject({ state: 'paid', amount: 12_100 })
    await client().refund!(attempt)
    expect(fake.refunds).toContain('ETALWC2')
  })
})

describe('webhooks', () => {
  it('every documented event type is signed as Wave documents it: our verifier accepts each', () => {
    for (const type of WAVE_EVENT_TYPES) {
      const e = fake.sendWaveEvent(type, { country: 'SN' })
      const secret = fake.secrets.wave.SN!.webhookSecret
      expect(verifyWaveSignature(e.body, e.headers['wave-signature'], secret), type).toBe(true)
      expect(JSON.parse(e.body)).toMatchObject({ id: expect.stringMatching(/^AE_/), type })
    }
  })

  it('a well-signed event the shop does not use is answered 200 and changes nothing', async () => {
    await t.deps.payments.idle()
    const before = await t.db.select().from(paymentAttempts)
    const types = [
      'test.test_event',
      'merchant.payment_received',
      'b2b.payment_received',
      'b2b.payment_failed',
    ]
    const start = fake.sent.length
    for (const type of types) fake.sendWaveEvent(type as (typeof WAVE_EVENT_TYPES)[number], { country: 'SN' })
    // A checkout session made elsewhere, without client_reference.
    fake.sendWaveEvent('checkout.session.completed', {
      country: 'SN',
      data: { id: 'cos-elsewhere', amount: '100', currency: 'XOF', checkout_status: 'complete' },
    })
    await fake.idle()
    await t.deps.payments.idle()
    // Sent at once, answered in any order: the answers are compared as a set.
    const answered = fake.sent.slice(start).map((s) => `${s.type} ${s.status}`)
    expect(answered.sort()).toEqual([...types, 'checkout.session.completed'].map((ty) => `${ty} 200`).sort())
    expect(await t.db.select().from(paymentAttempts)).toEqual(before)
  })

  it('POST /_fake/event sends a given event; a bad signature is still 401', async () => {
    await t.deps.payments.idle()
    const start = fake.sent.length
    const res = await fetch(`${fake.origins.wave}/_fake/event`, {
      method: 'POST',
      body: JSON.stringify({ type: 'test.test_event', country: 'CI' }),
    })
    expect(res.status).toBe(202)
    await t.deps.payments.idle()
    expect(fake.sent.slice(start).map((s) => s.status)).toEqual([200])
    const forged = await t.app.inject({
      method: 'POST',
      url: '/_api/payments/notify/wave/sn',
      headers: {
        'content-type': 'application/json',
        'wave-signature': `t=${Math.floor(Date.now() / 1000)},v1=00`,
      },
      payload: '{"id":"AE_x","type":"test.test_event","data":{}}',
    })
    expect(forged.statusCode).toBe(401)
  })
})
