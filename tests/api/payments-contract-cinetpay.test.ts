import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { paymentAttempts } from '../../src/server/db/schema'
import type { FakeProviders } from '../../dev/fakes/payments'
import {
  CINETPAY_TOKEN_FIELDS,
  verifyCinetpayToken,
} from '../../src/server/services/money/payments/signatures'
import { cinetpayClient } from '../../src/server/services/money/payments/providers/cinetpay'
import { ProviderKeyRefused } from '../../src/server/services/money/payments/providers/types'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * CinetPay as its documentation describes it (docs.cinetpay.com, docs/decisions/0062), through
 * the fake written from it: the codes, the signed form notification, the GET ping of
 * notify_url, and the client brought back by a POST to return_url.
 */
let t: TestApp
let fake: FakeProviders
const client = () => cinetpayClient({ ...fake.secrets.cinetpay, apiUrl: fake.origins.cinetpay })
const input = (reference: string, returnUrl = 'https://etal.example/paiement/merci') => ({
  reference,
  amount: 12_100,
  currency: 'XOF',
  countryCode: 'CI',
  description: 'Commande',
  notifyUrl: 'http://localhost/_api/payments/notify/cinetpay',
  returnUrl,
})

beforeAll(async () => {
  t = await createTestApp()
  fake = t.deps.payments.fake!
})
afterAll(() => t.close())
beforeEach(() => fake.set({}))

describe('the API', () => {
  it('the x-token fields are the sixteen of the documentation, in its order', () => {
    // docs.cinetpay.com "X-TOKEN HMAC", step 1, written out here by hand.
    expect([...CINETPAY_TOKEN_FIELDS]).toEqual(
      'cpm_site_id cpm_trans_id cpm_trans_date cpm_amount cpm_currency signature payment_method cel_phone_num cpm_phone_prefixe cpm_language cpm_version cpm_payment_config cpm_page_action cpm_custom cpm_designation cpm_error_message'.split(
        ' ',
      ),
    )
  })

  it('creates a payment (201) with the documented fields; pings notify_url with a GET', async () => {
    const made = await client().create(input('ETALCP1'))
    expect(made.checkoutUrl).toContain('/simulation/cinetpay/')
    await t.deps.payments.idle()
    expect(fake.pings.at(-1)).toBe(200)
    const status = await client().status({
      reference: 'ETALCP1',
      providerRef: made.providerRef,
      countryCode: 'CI',
    })
    expect(status).toMatchObject({ state: 'pending', raw: 'WAITING_FOR_CUSTOMER' })
  })

  it('a wrong apikey (609) or site_id (613) is ProviderKeyRefused, not an outage', async () => {
    const wrongKey = cinetpayClient({
      ...fake.secrets.cinetpay,
      apiKey: 'nope',
      apiUrl: fake.origins.cinetpay,
    })
    await expect(wrongKey.create(input('ETALCP2'))).rejects.toBeInstanceOf(ProviderKeyRefused)
    const wrongSite = cinetpayClient({ ...fake.secrets.cinetpay, siteId: '1', apiUrl: fake.origins.cinetpay })
    await expect(
      wrongSite.status({ reference: 'ETALCP1', providerRef: null, countryCode: 'CI' }),
    ).rejects.toBeInstanceOf(ProviderKeyRefused)
    fake.set({ wrongKey: true })
    const res = await fetch(`${fake.origins.cinetpay}/v2/payment/check`, {
      method: 'POST',
      body: JSON.stringify({ ...fake.secrets.cinetpay, site_id: fake.secrets.cinetpay.siteId }),
    })
    expect(await res.json()).toMatchObject({ code: '609', message: 'AUTH_NOT_FOUND' })
  })
})

describe('notifications', () => {
  it('the fake’s form notification verifies with our verifier; a changed field does not', async () => {
    await client().create(input('ETALCP3'))
    const p = fake.payment('ETALCP3')!
    const n = fake.cinetpayNotification(p)
    const form = Object.fromEntries(new URLSearchParams(n.body))
    const secret = fake.secrets.cinetpay.secretKey
    expect(verifyCinetpayToken(form, n.headers['x-token'], secret)).toBe(true)
    expect(verifyCinetpayToken({ ...form, cpm_amount: '5' }, n.headers['x-token'], secret)).toBe(false)
  })

  it('a well-signed notification of a transaction the shop does not know is 200 and changes nothing', async () => {
    await client().create(input('ETALCP4'))
    const before = await t.db.select().from(paymentAttempts)
    const n = fake.cinetpayNotification(fake.payment('ETALCP4')!, { cpm_trans_id: 'SOMEONE-ELSE' })
    const res = await t.app.inject({
      method: 'POST',
      url: '/_api/payments/notify/cinetpay',
      headers: n.headers,
      payload: n.body,
    })
    expect(res.statusCode).toBe(200)
    expect(await t.db.select().from(paymentAttempts)).toEqual(before)
  })
})

describe('back to the shop', () => {
  it('the checkout page brings the client back with a POST form (token, transaction_id)', async () => {
    const made = await client().create(input('ETALCP5', 'http://localhost/order-confirmation/7/paiement'))
    const page = await fetch(made.checkoutUrl, { method: 'POST', body: 'outcome=pay' })
    const html = await page.text()
    expect(html).toContain('SIMULATION — ceci n’est pas CinetPay.')
    expect(html).toMatch(/<form method="post" action="http:\/\/localhost\/order-confirmation\/7\/paiement">/)
    expect(html).toContain(`name="token" value="${made.providerRef}"`)
    expect(html).toContain('name="transaction_id" value="ETALCP5"')
  })

  it('the two return pages answer a POST with 303 to the same address, even cross-site, changing nothing', async () => {
    const before = await t.db.select().from(paymentAttempts)
    for (const url of ['/order-confirmation/7/paiement', '/paiement/merci']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
        payload: 'token=abc&transaction_id=ETALCP5',
      })
      expect(res.statusCode).toBe(303)
      expect(res.headers.location).toBe(url)
      const page = await t.app.inject({ method: 'GET', url })
      expect(page.statusCode).toBe(200)
    }
    expect(await t.db.select().from(paymentAttempts)).toEqual(before)
  })
})
