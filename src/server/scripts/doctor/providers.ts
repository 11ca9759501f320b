import { randomBytes } from 'node:crypto'
import type { WaveKeys } from '@/server/config'
import { fail, field, httpProbe, NoAnswer, ok, type Answer, type CheckResult } from './probe'

/**
 * The providers' keys, each tried by one harmless authenticated call: nothing is created, paid
 * or sent. A 401/403 or the provider's own "bad key" code is "clé refusée" (fix the variable); a
 * network fault, the time limit or a 5xx is "ne répond pas" (the key could not be judged).
 */

/** A reference nothing was ever made with: the calls below only ever find nothing. */
const unknownReference = () => `ETALDOCTOR${randomBytes(6).toString('hex').toUpperCase()}`

const noAnswer = (name: string, err: unknown, what: string): CheckResult => {
  if (err instanceof NoAnswer)
    return fail(
      name,
      `${what} ne répond pas (${err.why}) : clé non vérifiée ; réessayez, ou vérifiez l'adresse et le réseau.`,
    )
  throw err
}

/**
 * Wave, one key per country. docs.wave.com/checkout lists `GET /v1/checkout/sessions/search`
 * (sessions by `client_reference`): a key allowed to use the Checkout API gets 200 and, for a
 * reference never used, no session. docs.wave.com/business "Authentication": every request
 * carries `Authorization: Bearer <key>`, and a missing, unknown or revoked key is answered 401
 * with a code (`missing-auth-header`, `invalid-auth`, `no-matching-api-key`, `api-key-revoked`…)
 * before anything else. A key made "with request signing" wants a Wave-Signature on every
 * request, which the shop's calls do not carry: such a key is refused here too, as it would
 * be at checkout.
 */
export async function checkWave(apiUrl: string, keys: WaveKeys, limitMs: number): Promise<CheckResult[]> {
  const base = apiUrl.replace(/\/$/, '')
  return Promise.all(
    Object.entries(keys).map(async ([country, { apiKey }]) => {
      const name = `Wave (${country})`
      let answer: Answer
      try {
        answer = await httpProbe(
          `${base}/v1/checkout/sessions/search?client_reference=${unknownReference()}`,
          { method: 'GET', headers: { authorization: `Bearer ${apiKey}` } },
          limitMs,
        )
      } catch (err) {
        return noAnswer(name, err, 'Wave')
      }
      const { status, json } = answer
      if (status === 200) return ok(name, `clé acceptée (WAVE_API_KEY_${country}).`)
      const code = field(json, 'code')
      const said = code ? `, « ${code} »` : ''
      if (status === 401 || status === 403)
        return fail(
          name,
          `clé refusée (HTTP ${status}${said}) : WAVE_API_KEY_${country} doit être une clé d'API du portefeuille ` +
            `marchand de ce pays, active, ayant accès à l'API Checkout et créée SANS signature des requêtes ` +
            `(portail Wave Business, section Développeurs).`,
        )
      if (status >= 500)
        return fail(name, `Wave ne répond pas (HTTP ${status}) : clé non vérifiée ; réessayez plus tard.`)
      return fail(name, `réponse inattendue (HTTP ${status}${said}) : vérifiez WAVE_API_URL (${base}).`)
    }),
  )
}

/**
 * CinetPay's `/v2/payment/check` codes (docs.cinetpay.com/api/1.0-fr/checkout/tableau and
 * …/checkout/verification) that speak of a transaction: the apikey and site_id were accepted,
 * and the transaction (here, one never made) was looked up. The in-repo client reads the same
 * codes (services/money/payments/providers/cinetpay.ts).
 */
const TRANSACTION_CODES = new Set(['00', '600', '623', '627', '662', '663'])
/** "609 AUTH_NOT_FOUND — Apikey introuvable" (same table): the contract's key is refused. */
const BAD_KEY_CODES = new Set(['609'])

/**
 * CinetPay, one contract: `POST {CINETPAY_API_URL}/v2/payment/check` with apikey, site_id and a
 * transaction_id never used. A refused apikey answers code 609; a good one, a transaction's code
 * (627 TRANSACTION_CANCEL for one it does not know).
 */
export async function checkCinetpay(
  c: { apiUrl: string; apiKey: string; siteId: string },
  limitMs: number,
): Promise<CheckResult> {
  const name = 'CinetPay'
  const base = c.apiUrl.replace(/\/$/, '')
  let answer: Answer
  try {
    answer = await httpProbe(
      `${base}/v2/payment/check`,
      { method: 'POST', body: { apikey: c.apiKey, site_id: c.siteId, transaction_id: unknownReference() } },
      limitMs,
    )
  } catch (err) {
    return noAnswer(name, err, 'CinetPay')
  }
  const { status, json } = answer
  const code = field(json, 'code')
  const message = field(json, 'message')
  const said = code ? `code ${code}${message ? ` ${message}` : ''}` : `HTTP ${status}`
  if (status >= 500)
    return fail(name, `CinetPay ne répond pas (HTTP ${status}) : clé non vérifiée ; réessayez plus tard.`)
  if (status === 401 || status === 403 || (code && BAD_KEY_CODES.has(code)))
    return fail(
      name,
      `clé refusée (${said}) : CINETPAY_API_KEY et CINETPAY_SITE_ID doivent être ceux du service marchand ` +
        `(back-office CinetPay, menu Intégration).`,
    )
  if (code && TRANSACTION_CODES.has(code))
    return ok(name, `clé et site acceptés (CINETPAY_API_KEY, CINETPAY_SITE_ID).`)
  return fail(
    name,
    `réponse inattendue (${said}) : vérifiez CINETPAY_API_KEY, CINETPAY_SITE_ID et CINETPAY_API_URL (${base}).`,
  )
}

/**
 * Infobip (decision 0048): `GET {SMS_URL}/account/1/balance` (dev.infobip.com "Get account
 * balance") reads the account's balance and sends nothing; its API takes the key as
 * `Authorization: App <key>`, as the SMS client does (services/messages/sms.ts), and answers
 * 401 to a key it does not know.
 */
export async function checkInfobip(
  url: string,
  apiKey: string | undefined,
  limitMs: number,
): Promise<CheckResult> {
  const name = 'SMS (Infobip)'
  if (!apiKey)
    return fail(
      name,
      `SMS_URL est réglé mais SMS_API_KEY manque : aucun SMS ne partira. Ajoutez la clé d'API du compte Infobip.`,
    )
  let answer: Answer
  try {
    answer = await httpProbe(
      `${url.replace(/\/$/, '')}/account/1/balance`,
      { method: 'GET', headers: { authorization: `App ${apiKey}` } },
      limitMs,
    )
  } catch (err) {
    if (err instanceof NoAnswer)
      return fail(
        name,
        `le fournisseur SMS ne répond pas (${err.why}) : vérifiez SMS_URL (l'adresse d'API du compte, https://xxxxx.api.infobip.com).`,
      )
    throw err
  }
  const { status, json } = answer
  if (status === 200) {
    const balance = [field(json, 'balance'), field(json, 'currency')].filter(Boolean).join(' ')
    return ok(name, `clé acceptée${balance ? ` (solde : ${balance})` : ''}.`)
  }
  if (status === 401 || status === 403)
    return fail(
      name,
      `clé refusée (HTTP ${status}) : SMS_API_KEY doit être une clé d'API active du compte Infobip de SMS_URL.`,
    )
  if (status >= 500)
    return fail(name, `le fournisseur SMS ne répond pas (HTTP ${status}) ; réessayez plus tard.`)
  return fail(name, `réponse inattendue (HTTP ${status}) : vérifiez SMS_URL.`)
}
