import { createHmac, randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import {
  json,
  parseJson,
  reportedAmount,
  reportedCurrency,
  sendBack,
  serveFake,
  simulationPage,
  type FakeContext,
  type Payment,
} from './shared'

/**
 * A fake of CinetPay's hosted checkout, written from docs.cinetpay.com (Payment API:
 * initialisation, notification, vérification, X-TOKEN HMAC, url de retour, tableau des codes)
 * alone (docs/decisions/0062), not from the shop's client:
 * - POST /v2/payment (JSON: apikey, site_id, transaction_id, amount a multiple of 5, currency,
 *   description, notify_url, return_url, channels…): code "201" CREATED with payment_token and
 *   payment_url; a wrong apikey "609" AUTH_NOT_FOUND, a wrong site_id "613"
 *   ERROR_SITE_ID_NOTVALID, a missing or bad field "608" MINIMUM_REQUIRED_FIELDS;
 * - POST /v2/payment/check (apikey, site_id, transaction_id): "00" SUCCES with data.status
 *   ACCEPTED, "600" PAYMENT_FAILED with REFUSED, "662" WAITING_CUSTOMER_PAYMENT with
 *   WAITING_FOR_CUSTOMER; the amount a string;
 * - it pings notify_url with a GET, then POSTs a form (the sixteen cpm_* fields) with `x-token`:
 *   the hex HMAC-SHA256, with the secret key, of those fields concatenated in the documented order;
 * - it brings the client back to return_url with a POST form (`token`, `transaction_id`).
 * It runs as its own small server (`startCinetpayFake`), on its own port: CinetPay's origin.
 */

/** The x-token's fields, in the order of docs.cinetpay.com "X-TOKEN HMAC" (step 1). */
const TOKEN_ORDER = [
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
]

/** `$token = hash_hmac('SHA256', $data, $secretKey)`, $data the fields one after the other. */
export function cinetpayXToken(form: Record<string, string>, secretKey: string) {
  const data = TOKEN_ORDER.map((k) => form[k] ?? '').join('')
  return createHmac('sha256', secretKey).update(data, 'utf8').digest('hex')
}

const dateTime = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ')

function createCinetpayFake(ctx: FakeContext, origin: () => string) {
  const { secrets } = ctx

  /** The form CinetPay posts to notify_url about a payment. */
  function notificationOf(p: Payment, overrides: Record<string, string> = {}) {
    const form: Record<string, string> = {
      cpm_site_id: secrets.cinetpay.siteId,
      cpm_trans_id: p.reference,
      cpm_trans_date: dateTime(p.createdAt),
      cpm_amount: String(p.amount),
      cpm_currency: p.currency,
      signature: randomBytes(8).toString('hex'),
      payment_method: 'OMCIV2',
      cel_phone_num: '0700000000',
      cpm_phone_prefixe: '225',
      cpm_language: 'fr',
      cpm_version: 'V4',
      cpm_payment_config: 'Single',
      cpm_page_action: 'Payment',
      cpm_custom: p.reference,
      cpm_designation: 'Commande',
      cpm_error_message: p.state === 'paid' ? 'SUCCES' : 'PAYMENT_FAILED',
      ...overrides,
    }
    return {
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-token': cinetpayXToken(form, secrets.cinetpay.secretKey),
      },
      body: new URLSearchParams(form).toString(),
    }
  }

  function notify(p: Payment) {
    if (ctx.behaviour.silent) return
    const n = notificationOf(p)
    for (let i = 0; i <= ctx.behaviour.duplicates; i++)
      ctx.send(p.notifyUrl, n, { provider: 'cinetpay', reference: p.reference })
  }

  function decide(p: Payment, outcome: 'pay' | 'refuse') {
    if (p.state !== 'open') return
    p.state = outcome === 'pay' ? 'paid' : 'refused'
    notify(p)
  }

  /** The documented refusals of a key: a wrong apikey, then a wrong site_id. */
  const keyRefusal = (b: Record<string, unknown>) =>
    ctx.behaviour.wrongKey || b.apikey !== secrets.cinetpay.apiKey
      ? { code: '609', message: 'AUTH_NOT_FOUND', description: "apikey fourni n'est pas correcte" }
      : String(b.site_id) !== secrets.cinetpay.siteId
        ? { code: '613', message: 'ERROR_SITE_ID_NOTVALID', description: "site_id fourni n'est pas correcte" }
        : null

  function checkAnswer(p: Payment) {
    const status =
      ctx.behaviour.waiting || p.state === 'open'
        ? 'WAITING_FOR_CUSTOMER'
        : p.state === 'paid'
          ? 'ACCEPTED'
          : 'REFUSED'
    const accepted = status === 'ACCEPTED'
    return {
      code: accepted ? '00' : status === 'REFUSED' ? '600' : '662',
      message: accepted ? 'SUCCES' : status === 'REFUSED' ? 'PAYMENT_FAILED' : 'WAITING_CUSTOMER_PAYMENT',
      data: {
        amount: String(reportedAmount(ctx, p)),
        currency: reportedCurrency(ctx, p),
        status,
        payment_method: 'OM',
        description: 'Commande',
        metadata: p.reference,
        operator_id: accepted ? `MP${p.id.slice(0, 10)}` : null,
        payment_date: accepted ? dateTime(new Date()) : '',
      },
      api_response_id: randomBytes(6).toString('hex'),
    }
  }

  /** The checkout page and the API; false: not a CinetPay path. */
  async function handle(req: IncomingMessage, res: ServerResponse, url: URL, body: string) {
    const path = url.pathname
    const page = /^\/simulation\/cinetpay\/([\w-]+)$/.exec(path)
    if (page) {
      const p = ctx.payments.get(page[1]!)
      if (!p || p.provider !== 'cinetpay') return (json(res, 404, { message: 'inconnu' }), true)
      if (req.method === 'POST') {
        decide(p, new URLSearchParams(body).get('outcome') === 'refuse' ? 'refuse' : 'pay')
        return (sendBack(res, p, { token: p.id, transaction_id: p.reference }), true)
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      const back = { form: { token: p.id, transaction_id: p.reference } }
      return (res.end(simulationPage(p, back)), true)
    }
    if (path !== '/v2/payment' && path !== '/v2/payment/check') return false
    if (ctx.behaviour.delayMs > 0) await new Promise((r) => setTimeout(r, ctx.behaviour.delayMs))
    if (ctx.behaviour.down) return (json(res, 503, { message: 'Service Unavailable' }), true)
    if (req.method !== 'POST') return (json(res, 405, { message: 'Method Not Allowed' }), true)
    const b = parseJson(body)
    const refused = keyRefusal(b)
    if (refused) return (json(res, 400, refused), true)
    if (path === '/v2/payment/check') {
      const p = ctx.byReference.get(String(b.transaction_id ?? ''))
      if (!p || p.provider !== 'cinetpay')
        return (json(res, 400, { code: '627', message: 'TRANSACTION_CANCEL' }), true)
      return (json(res, 200, checkAnswer(p)), true)
    }
    const amount = Number(b.amount)
    const reference = typeof b.transaction_id === 'string' ? b.transaction_id : ''
    const fields = ['currency', 'description', 'notify_url', 'return_url', 'channels'] as const
    const missing = fields.filter((f) => typeof b[f] !== 'string' || !b[f])
    if (!Number.isInteger(amount) || amount <= 0 || amount % 5 !== 0 || !reference || missing.length > 0)
      return (
        json(res, 400, {
          code: '608',
          message: 'MINIMUM_REQUIRED_FIELDS',
          description:
            missing.length > 0 ? `missing: ${missing.join(', ')}` : 'amount must be a multiple of 5',
        }),
        true
      )
    if (ctx.byReference.has(reference))
      return (
        json(res, 400, {
          code: '608',
          message: 'MINIMUM_REQUIRED_FIELDS',
          description: 'transaction_id already used',
        }),
        true
      )
    const id = randomBytes(12).toString('hex')
    const p: Payment = {
      provider: 'cinetpay',
      id,
      reference,
      amount,
      currency: String(b.currency),
      country: '',
      notifyUrl: String(b.notify_url),
      returnUrl: String(b.return_url),
      state: 'open',
      refunded: false,
      createdAt: new Date(),
    }
    ctx.payments.set(id, p)
    ctx.byReference.set(reference, p)
    // CinetPay pings notify_url with a GET to see it is up.
    ctx.send(
      p.notifyUrl,
      { method: 'GET', headers: {}, body: '' },
      { provider: 'cinetpay', reference, type: 'ping' },
    )
    return (
      json(res, 200, {
        code: '201',
        message: 'CREATED',
        description: 'Transaction created with success',
        data: { payment_token: id, payment_url: `${origin()}/simulation/cinetpay/${id}` },
        api_response_id: randomBytes(6).toString('hex'),
      }),
      true
    )
  }

  return { handle, decide, notificationOf }
}

/** CinetPay's fake, its own server: CinetPay's API and its checkout page. */
export async function startCinetpayFake(ctx: FakeContext, port = 0) {
  let origin = ''
  const cinetpay = createCinetpayFake(ctx, () => origin)
  const server = await serveFake(ctx, cinetpay.handle, port)
  origin = server.origin
  return { ...cinetpay, origin: server.origin, close: server.close }
}
