import { describe, expect, it } from 'vitest'
import { amountToAsk, nextCheckDelayMs, offeredWallets } from '../../src/shared/domain/payments'
import { fakeSecrets, startFakeProviders } from '../../dev/fakes/payments'
import { integerAmount } from '../../src/server/services/money/payments/providers/cinetpay'
import {
  cinetpayToken,
  verifyCinetpayToken,
  verifyWaveSignature,
  waveSignature,
} from '../../src/server/services/money/payments/signatures'

/**
 * docs/rules/money.md#payments, docs/decisions/0042 and 0062: the signatures as the providers
 * document them, against vectors made by hand with openssl (never with our own functions).
 */
describe('CinetPay x-token', () => {
  const fields = {
    cpm_site_id: '105900',
    cpm_trans_id: 'ETAL1XAB',
    cpm_trans_date: '2026-11-26 10:00:00',
    cpm_amount: '12100',
    cpm_currency: 'XOF',
    signature: 'sig',
    payment_method: 'OM',
    cel_phone_num: '770000000',
    cpm_phone_prefixe: '221',
    cpm_language: 'fr',
    cpm_version: 'V4',
    cpm_payment_config: 'Single',
    cpm_page_action: 'Payment',
    cpm_custom: 'ref',
    cpm_designation: 'Commande',
    cpm_error_message: 'SUCCES',
  }
  // printf '%s' '105900ETAL1XAB2026-11-26 10:00:0012100XOFsigOM770000000221frV4SinglePaymentrefCommandeSUCCES'
  //   | openssl dgst -sha256 -hmac secret-cp: the sixteen fields, one after the other.
  const expected = '582676e882be1eb23fb7196b0dbbf359e9b721f4cf3efd4a1b387572a67cc1f8'

  it('is the HMAC-SHA256 of the sixteen cpm_* fields concatenated in the documented order', () => {
    expect(cinetpayToken(fields, 'secret-cp')).toBe(expected)
    expect(verifyCinetpayToken(fields, expected, 'secret-cp')).toBe(true)
    expect(verifyCinetpayToken(fields, expected.toUpperCase(), 'secret-cp')).toBe(true)
  })

  it('fails for another secret, a changed field, a missing or truncated token', () => {
    expect(verifyCinetpayToken(fields, expected, 'other')).toBe(false)
    expect(verifyCinetpayToken({ ...fields, cpm_amount: '12105' }, expected, 'secret-cp')).toBe(false)
    expect(verifyCinetpayToken(fields, undefined, 'secret-cp')).toBe(false)
    expect(verifyCinetpayToken(fields, expected.slice(0, 10), 'secret-cp')).toBe(false)
  })
})

describe('Wave-Signature', () => {
  const body = '{"a":1}'
  // printf '%s' '1700000000{"a":1}' | openssl dgst -sha256 -hmac whsec: the timestamp and the
  // body with nothing between (Wave's samples: `timestamp + webhook_body`).
  const v1 = 'af0277f4a09a44f0199f57c5686970063c269f135a47920ae2244808a0dee958'
  // The same with a "." between them, the form Étal wrongly used: Wave never sends it.
  const dotted = '8ad37ba156048ae0e0a5533c75cdf26fee88b07f93cb57ee4c80adb053012032'

  it('is t=…,v1=HMAC-SHA256(secret, t + body); any of several v1 (a secret being rotated) may match', () => {
    expect(waveSignature(body, 'whsec', 1_700_000_000)).toBe(`t=1700000000,v1=${v1}`)
    expect(verifyWaveSignature(body, `t=1700000000,v1=${v1}`, 'whsec', 1_700_000_010)).toBe(true)
    expect(
      verifyWaveSignature(body, `t=1700000000,v1=${'0'.repeat(64)},v1=${v1}`, 'whsec', 1_700_000_010),
    ).toBe(true)
  })

  it('refuses the "t.body" form', () => {
    expect(verifyWaveSignature(body, `t=1700000000,v1=${dotted}`, 'whsec', 1_700_000_010)).toBe(false)
  })

  it('accepts a test event signed by hand as Wave documents it', () => {
    const event = '{"id":"AE_test","type":"test.test_event","data":{}}'
    const sig = 'f022c88bbd8786681a33c2324244d5274c4ccfed5f23391f5d9f86ede439b364'
    expect(verifyWaveSignature(event, `t=1700000000,v1=${sig}`, 'whsec', 1_700_000_000)).toBe(true)
  })

  it('fails for another body, another secret, an old or future time, a malformed header', () => {
    const h = `t=1700000000,v1=${v1}`
    expect(verifyWaveSignature('{"a":2}', h, 'whsec', 1_700_000_000)).toBe(false)
    expect(verifyWaveSignature(body, h, 'other', 1_700_000_000)).toBe(false)
    expect(verifyWaveSignature(body, h, 'whsec', 1_700_000_000 + 301)).toBe(false)
    expect(verifyWaveSignature(body, h, 'whsec', 1_700_000_000 - 301)).toBe(false)
    for (const bad of [undefined, '', 'v1=' + v1, 't=abc,v1=' + v1, 't=1700000000']) {
      expect(verifyWaveSignature(body, bad, 'whsec', 1_700_000_000)).toBe(false)
    }
  })
})

describe('whole-franc amounts', () => {
  it('"12100", "12100.0" and "12100.00" are 12100; "12100.50", signs and words are no amount', () => {
    for (const v of ['12100', '12100.0', '12100.00', 12_100]) expect(integerAmount(v)).toBe(12_100)
    for (const v of ['12100.50', '12100.5', '-12100', '', 'abc', '1e4', undefined])
      expect(integerAmount(v)).toBeNull()
  })
})

describe('the rules of the wallets and amounts', () => {
  const senegal = {
    code: 'SN',
    currency: 'XOF',
    mobileMoneyProviders: ['Orange Money', 'Wave', 'Free Money'],
  }

  it('a country offers only the wallets a configured provider takes', () => {
    expect(offeredWallets(senegal, { cinetpay: false, waveCountries: [] })).toEqual([])
    expect(offeredWallets(senegal, { cinetpay: false, waveCountries: ['SN'] })).toEqual([
      { wallet: 'Wave', provider: 'wave' },
    ])
    expect(offeredWallets(senegal, { cinetpay: true, waveCountries: [] })).toEqual([
      { wallet: 'Orange Money', provider: 'cinetpay' },
      { wallet: 'Wave', provider: 'cinetpay' },
    ])
    // CinetPay takes four currencies only.
    expect(
      offeredWallets(
        { code: 'NG', currency: 'NGN', mobileMoneyProviders: ['MTN MoMo'] },
        { cinetpay: true, waveCountries: [] },
      ),
    ).toEqual([])
  })

  it('CinetPay is asked a multiple of 5, rounded down; Wave the total', () => {
    expect(amountToAsk('cinetpay', 12_103)).toEqual({ amount: 12_100, rounding: 3 })
    expect(amountToAsk('cinetpay', 12_100)).toEqual({ amount: 12_100, rounding: 0 })
    expect(amountToAsk('wave', 12_103)).toEqual({ amount: 12_103, rounding: 0 })
  })

  it('the worker asks soon, then less often', () => {
    const delays = [0, 1, 2, 3, 4, 5, 50].map(nextCheckDelayMs)
    expect(delays).toEqual([...delays].sort((a, b) => a - b))
    expect(delays[0]).toBe(10_000)
    expect(delays.at(-1)).toBe(300_000)
  })
})

describe('the fakes', () => {
  it('refuse to run in production', async () => {
    await expect(startFakeProviders({ secrets: fakeSecrets(), nodeEnv: 'production' })).rejects.toThrow(
      /production/,
    )
  })
})
