import { createHmac, timingSafeEqual } from 'node:crypto'

// The providers' notification signatures (docs/decisions/0042, 0062), as their documentation
// writes them. The fakes (dev/fakes/payments) never import this file: they sign with their
// own few lines written from the same documentation, so a mistake here fails the tests.

/** CinetPay's x-token: these fields, concatenated in this order, HMAC-SHA256 hex with the secret key. */
export const CINETPAY_TOKEN_FIELDS = [
  'cpm_site_id',
  'cpm_trans_id',
  'cpm_trans_date',
  'cpm_amount',
  'cpm_currency',
  'signature',
  'payment_method',
  'cel_phone_num',
  'cpm_phone_prefixe',
  'cpm_language',
  'cpm_version',
  'cpm_payment_config',
  'cpm_page_action',
  'cpm_custom',
  'cpm_designation',
  'cpm_error_message',
] as const

export function cinetpayToken(fields: Record<string, string | undefined>, secretKey: string) {
  const data = CINETPAY_TOKEN_FIELDS.map((f) => fields[f] ?? '').join('')
  return createHmac('sha256', secretKey).update(data, 'utf8').digest('hex')
}

/** Equal strings, compared in constant time (a different length is simply unequal). */
export function safeEqual(a: string, b: string) {
  const x = Buffer.from(a, 'utf8')
  const y = Buffer.from(b, 'utf8')
  return x.length === y.length && timingSafeEqual(x, y)
}

export function verifyCinetpayToken(
  fields: Record<string, string | undefined>,
  token: string | undefined,
  secretKey: string,
) {
  return (
    typeof token === 'string' &&
    token.length > 0 &&
    safeEqual(cinetpayToken(fields, secretKey), token.toLowerCase())
  )
}

/**
 * Wave's `Wave-Signature: t=<seconds>,v1=<hex>`: HMAC-SHA256 hex, with the webhook secret, of the
 * timestamp and the raw body written one after the other, nothing between them (Wave's samples:
 * `timestamp + webhook_body`, `$timestamp . $webhook_body`).
 */
const waveHmac = (rawBody: string, secret: string, t: string) =>
  createHmac('sha256', secret).update(`${t}${rawBody}`, 'utf8').digest('hex')

export function waveSignature(rawBody: string, secret: string, t: number) {
  return `t=${t},v1=${waveHmac(rawBody, secret, String(t))}`
}

/** How old a Wave signature may be (a replayed event older than this is refused). */
export const WAVE_TOLERANCE_SECONDS = 300

/**
 * A Wave signature header is good when one of its v1 values (several while a secret is rotated)
 * matches and its time is within the tolerance of `nowSeconds`.
 */
export function verifyWaveSignature(
  rawBody: string,
  header: string | undefined,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
) {
  if (typeof header !== 'string') return false
  let t: string | null = null
  const v1: string[] = []
  for (const part of header.split(',')) {
    const [k, v] = part.trim().split('=', 2)
    if (k === 't' && v && /^\d{1,12}$/.test(v)) t = v
    else if (k === 'v1' && v) v1.push(v.toLowerCase())
  }
  if (t === null || v1.length === 0 || Math.abs(nowSeconds - Number(t)) > WAVE_TOLERANCE_SECONDS) return false
  // The timestamp exactly as the header wrote it: it is what Wave signed.
  const expected = waveHmac(rawBody, secret, t)
  let ok = false
  for (const sig of v1) ok = safeEqual(expected, sig) || ok
  return ok
}
