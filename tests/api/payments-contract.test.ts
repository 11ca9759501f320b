import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { cinetpayClient } from '../../src/server/services/money/payments/providers/cinetpay'
import { waveClient } from '../../src/server/services/money/payments/providers/wave'

/**
 * Opt-in contract tests against the providers' real sandboxes (docs/decisions/0042): they run
 * only when the keys are in the environment, and are reported skipped otherwise. They check that
 * the thin clients' requests are accepted and their answers read by the zod schemas: an attempt
 * is created, and its status, unpaid, is read as pending.
 */
const env = process.env
const cinetpay =
  env.CINETPAY_API_KEY && env.CINETPAY_SITE_ID && env.CINETPAY_SECRET_KEY
    ? {
        apiKey: env.CINETPAY_API_KEY,
        siteId: env.CINETPAY_SITE_ID,
        secretKey: env.CINETPAY_SECRET_KEY,
        apiUrl: env.CINETPAY_API_URL ?? 'https://api-checkout.cinetpay.com',
      }
    : null
const wave =
  env.WAVE_API_KEY_SN && env.WAVE_WEBHOOK_SECRET_SN
    ? { apiKey: env.WAVE_API_KEY_SN, webhookSecret: env.WAVE_WEBHOOK_SECRET_SN }
    : null
const reference = () => `ETALCONTRACT${randomBytes(5).toString('hex').toUpperCase()}`
const origin = env.PUBLIC_ORIGIN ?? 'https://etal.example'

describe.runIf(cinetpay)('CinetPay sandbox (CINETPAY_API_KEY, CINETPAY_SITE_ID, CINETPAY_SECRET_KEY)', () => {
  it('creates a payment and reads it as pending', { timeout: 30_000 }, async () => {
    const client = cinetpayClient(cinetpay!)
    const ref = reference()
    const made = await client.create({
      reference: ref,
      amount: 100,
      currency: 'XOF',
      countryCode: 'SN',
      description: 'Contrat Etal',
      notifyUrl: `${origin}/_api/payments/notify/cinetpay`,
      returnUrl: `${origin}/paiement/merci`,
    })
    expect(made.checkoutUrl).toMatch(/^https:\/\//)
    const status = await client.status({ reference: ref, providerRef: made.providerRef, countryCode: 'SN' })
    expect(status.state).toBe('pending')
  })
})

describe.runIf(wave)('Wave sandbox (WAVE_API_KEY_SN, WAVE_WEBHOOK_SECRET_SN)', () => {
  it('creates a checkout session, reads it as pending, and expires it', { timeout: 30_000 }, async () => {
    const client = waveClient({ apiUrl: env.WAVE_API_URL ?? 'https://api.wave.com', keys: { SN: wave! } })
    const ref = reference()
    const made = await client.create({
      reference: ref,
      amount: 100,
      currency: 'XOF',
      countryCode: 'SN',
      description: 'Contrat Etal',
      notifyUrl: `${origin}/_api/payments/notify/wave/sn`,
      returnUrl: `${origin}/paiement/merci`,
    })
    expect(made.providerRef).toMatch(/^cos-/)
    const attempt = { reference: ref, providerRef: made.providerRef, countryCode: 'SN' }
    expect((await client.status(attempt)).state).toBe('pending')
    await client.expire!(attempt)
    expect((await client.status(attempt)).state).toBe('expired')
  })
})
