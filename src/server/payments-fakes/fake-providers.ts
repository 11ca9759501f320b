import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { cinetpayToken, waveSignature } from '../services/payments/signatures'

/**
 * A fake of each mobile money provider (docs/decisions/0042, docs/rules/money.md#payments): one small
 * HTTP server speaking CinetPay's and Wave's protocols (same paths, same answers, notifications
 * signed with the very functions the server verifies with), and a checkout page per attempt that
 * says it is a simulation. Used by the tests and by `npm start` without keys; never in production
 * (startFakeProviders refuses, and the server only starts it outside production).
 *
 * What it does can be steered (`behaviour`, or POST /_fake/behaviour with the same JSON):
 * - delayMs: each API answer waits this long;
 * - down: every API call answers 503;
 * - silent: no notification at all (the reconciliation worker must find the payment);
 * - duplicates: each notification is sent this many times more, all at once;
 * - outOfOrder: Wave: a stale `payment_failed` event is sent after `completed`;
 * - waiting: the status query keeps answering WAITING_FOR_CUSTOMER / processing;
 * - amountDelta, currency: the status query says another amount or currency was paid.
 */
export type FakeBehaviour = {
  delayMs: number
  down: boolean
  silent: boolean
  duplicates: number
  outOfOrder: boolean
  waiting: boolean
  amountDelta: number
  currency: string | null
}
const normal = (): FakeBehaviour => ({
  delayMs: 0,
  down: false,
  silent: false,
  duplicates: 0,
  outOfOrder: false,
  waiting: false,
  amountDelta: 0,
  currency: null,
})

type Payment = {
  provider: 'cinetpay' | 'wave'
  id: string
  reference: string
  amount: number
  currency: string
  country: string
  notifyUrl: string
  returnUrl: string
  state: 'open' | 'paid' | 'refused' | 'expired'
  refunded: boolean
  createdAt: Date
}

export type Deliver = (
  url: string,
  init: { headers: Record<string, string>; body: string },
) => Promise<unknown>

export type FakeSecrets = {
  cinetpay: { apiKey: string; siteId: string; secretKey: string }
  wave: Record<string, { apiKey: string; webhookSecret: string }>
}

/** Random secrets for a fake: the server and its fake share them, nothing else knows them. */
export function fakeSecrets(countries = ['SN', 'CI']): FakeSecrets {
  const r = () => randomBytes(16).toString('hex')
  return {
    cinetpay: { apiKey: `fake-${r()}`, siteId: '105900', secretKey: r() },
    wave: Object.fromEntries(
      countries.map((c) => [c, { apiKey: `wave_${c.toLowerCase()}_fake_${r()}`, webhookSecret: r() }]),
    ),
  }
}

export type FakeProviders = Awaited<ReturnType<typeof startFakeProviders>>

export async function startFakeProviders(opts: {
  secrets: FakeSecrets
  nodeEnv?: string
  deliver?: Deliver
}) {
  if ((opts.nodeEnv ?? process.env.NODE_ENV) === 'production')
    throw new Error('the fake payment providers never run in production')
  const behaviour: FakeBehaviour = normal()
  const payments = new Map<string, Payment>()
  const byReference = new Map<string, Payment>()
  const inFlight = new Set<Promise<unknown>>()
  let deliver: Deliver =
    opts.deliver ??
    ((url, init) =>
      fetch(url, {
        method: 'POST',
        headers: init.headers,
        body: init.body,
        signal: AbortSignal.timeout(10_000),
      }))
  const sent: { provider: string; reference: string; status: number | null }[] = []
  const refunds: string[] = []
  let origin = ''

  const send = (
    url: string,
    init: { headers: Record<string, string>; body: string },
    reference: string,
    provider: string,
  ) => {
    const p = deliver(url, init).then(
      (r) =>
        sent.push({
          provider,
          reference,
          status:
            (r as { statusCode?: number; status?: number })?.statusCode ??
            (r as { status?: number })?.status ??
            null,
        }),
      () => sent.push({ provider, reference, status: null }),
    )
    inFlight.add(p)
    void p.finally(() => inFlight.delete(p))
  }

  /** The notifications of a payment that changed, as the provider would send them. */
  function notify(p: Payment) {
    if (behaviour.silent) return
    const times = 1 + behaviour.duplicates
    if (p.provider === 'cinetpay') {
      const fields: Record<string, string> = {
        cpm_site_id: opts.secrets.cinetpay.siteId,
        cpm_trans_id: p.reference,
        cpm_trans_date: new Date().toISOString().slice(0, 19).replace('T', ' '),
        cpm_amount: String(p.amount),
        cpm_currency: p.currency,
        signature: randomBytes(8).toString('hex'),
        payment_method: 'OMCIV2',
        cel_phone_num: '770000000',
        cpm_phone_prefixe: '221',
        cpm_language: 'fr',
        cpm_version: 'V4',
        cpm_payment_config: 'Single',
        cpm_page_action: 'Payment',
        cpm_custom: p.reference,
        cpm_designation: 'Commande',
        cpm_error_message: p.state === 'paid' ? 'SUCCES' : 'PAYMENT_FAILED',
      }
      const init = {
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-token': cinetpayToken(fields, opts.secrets.cinetpay.secretKey),
        },
        body: new URLSearchParams(fields).toString(),
      }
      for (let i = 0; i < times; i++) send(p.notifyUrl, init, p.reference, 'cinetpay')
      return
    }
    const secret = opts.secrets.wave[p.country]!.webhookSecret
    const event = (type: string) => {
      const body = JSON.stringify({
        id: `AE_${randomBytes(6).toString('hex')}`,
        type,
        data: waveSessionOf(p),
      })
      return {
        headers: {
          'content-type': 'application/json',
          'wave-signature': waveSignature(body, secret, Math.floor(Date.now() / 1000)),
        },
        body,
      }
    }
    const type = p.state === 'paid' ? 'checkout.session.completed' : 'checkout.session.payment_failed'
    const init = event(type)
    for (let i = 0; i < times; i++) send(p.notifyUrl, init, p.reference, 'wave')
    if (behaviour.outOfOrder && p.state === 'paid')
      send(p.notifyUrl, event('checkout.session.payment_failed'), p.reference, 'wave')
  }

  const reportedAmount = (p: Payment) => p.amount + behaviour.amountDelta
  const reportedCurrency = (p: Payment) => behaviour.currency ?? p.currency

  function waveSessionOf(p: Payment) {
    const paid = p.state === 'paid' && !behaviour.waiting
    return {
      id: p.id,
      amount: String(reportedAmount(p)),
      currency: reportedCurrency(p),
      client_reference: p.reference,
      business_name: 'Étal (simulation)',
      checkout_status: paid ? 'complete' : p.state === 'expired' ? 'expired' : 'open',
      payment_status: paid ? 'succeeded' : p.state === 'refused' ? 'cancelled' : 'processing',
      wave_launch_url: `${origin}/simulation/wave/${p.id}`,
      success_url: p.returnUrl,
      error_url: p.returnUrl,
      when_created: p.createdAt.toISOString(),
      when_expires: new Date(p.createdAt.getTime() + 30 * 60_000).toISOString(),
    }
  }

  /** The client pays (or refuses) on the provider's page: the same as the simulation's buttons. */
  function decide(id: string, outcome: 'pay' | 'refuse') {
    const p = payments.get(id) ?? byReference.get(id)
    if (!p) return null
    if (p.state === 'open') {
      p.state = outcome === 'pay' ? 'paid' : 'refused'
      notify(p)
    }
    return p
  }

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    return Buffer.concat(chunks).toString('utf8')
  }
  const parseJson = (s: string): Record<string, unknown> => {
    try {
      return (JSON.parse(s) as Record<string, unknown>) ?? {}
    } catch {
      return {}
    }
  }
  const waveCountryOf = (req: IncomingMessage) => {
    const auth = req.headers.authorization ?? ''
    return Object.entries(opts.secrets.wave).find(([, k]) => auth === `Bearer ${k.apiKey}`)?.[0] ?? null
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', origin)
    const path = url.pathname
    const body = req.method === 'POST' ? await readBody(req) : ''

    if (path === '/_fake/behaviour' && req.method === 'POST') {
      Object.assign(behaviour, normal(), parseJson(body))
      return json(res, 200, behaviour)
    }

    // The simulated checkout pages: what the client sees instead of the wallet's.
    const page = /^\/simulation\/(cinetpay|wave)\/([\w-]+)$/.exec(path)
    if (page) {
      const p = payments.get(page[2]!)
      if (!p) return json(res, 404, { message: 'inconnu' })
      if (req.method === 'POST') {
        const outcome = new URLSearchParams(body).get('outcome') === 'refuse' ? 'refuse' : 'pay'
        decide(p.id, outcome)
        res.writeHead(303, { location: p.returnUrl })
        return res.end()
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      return res.end(simulationPage(p))
    }

    if (behaviour.delayMs > 0) await new Promise((r) => setTimeout(r, behaviour.delayMs))
    if (behaviour.down) return json(res, 503, { message: 'Service Unavailable' })

    // CinetPay
    if (path === '/v2/payment' && req.method === 'POST') {
      const b = parseJson(body)
      if (b.apikey !== opts.secrets.cinetpay.apiKey || String(b.site_id) !== opts.secrets.cinetpay.siteId)
        return json(res, 200, { code: '609', message: 'AUTH_NOT_FOUND' })
      const amount = Number(b.amount)
      if (!Number.isInteger(amount) || amount <= 0 || amount % 5 !== 0)
        return json(res, 200, {
          code: '608',
          message: 'MINIMUM_REQUIRED_FIELDS',
          description: 'amount must be a multiple of 5',
        })
      const reference = String(b.transaction_id ?? '')
      if (!reference || byReference.has(reference))
        return json(res, 200, { code: '609', message: 'TRANSACTION_ID_ALREADY_EXISTS' })
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
      payments.set(id, p)
      byReference.set(reference, p)
      return json(res, 200, {
        code: '201',
        message: 'CREATED',
        description: 'Transaction created with success',
        data: { payment_token: id, payment_url: `${origin}/simulation/cinetpay/${id}` },
        api_response_id: randomBytes(6).toString('hex'),
      })
    }
    if (path === '/v2/payment/check' && req.method === 'POST') {
      const b = parseJson(body)
      if (b.apikey !== opts.secrets.cinetpay.apiKey)
        return json(res, 200, { code: '609', message: 'AUTH_NOT_FOUND' })
      const p = byReference.get(String(b.transaction_id ?? ''))
      if (!p || p.provider !== 'cinetpay')
        return json(res, 200, { code: '627', message: 'TRANSACTION_CANCEL' })
      const status =
        behaviour.waiting || p.state === 'open'
          ? 'WAITING_FOR_CUSTOMER'
          : p.state === 'paid'
            ? 'ACCEPTED'
            : 'REFUSED'
      return json(res, 200, {
        code: status === 'ACCEPTED' ? '00' : status === 'REFUSED' ? '600' : '662',
        message: status === 'ACCEPTED' ? 'SUCCES' : status,
        data: {
          amount: String(reportedAmount(p)),
          currency: reportedCurrency(p),
          status,
          payment_method: 'OM',
          description: 'Commande',
          metadata: p.reference,
          operator_id: status === 'ACCEPTED' ? `MP${p.id.slice(0, 10)}` : null,
          payment_date: status === 'ACCEPTED' ? new Date().toISOString().slice(0, 19).replace('T', ' ') : '',
        },
        api_response_id: randomBytes(6).toString('hex'),
      })
    }

    // Wave
    if (path.startsWith('/v1/checkout/sessions')) {
      const country = waveCountryOf(req)
      if (!country) return json(res, 401, { code: 'missing-auth-header', message: 'Invalid API key' })
      if (path === '/v1/checkout/sessions' && req.method === 'POST') {
        const b = parseJson(body)
        const reference = String(b.client_reference ?? '')
        const existing = byReference.get(reference)
        // Wave honours Idempotency-Key: the same key answers the same session.
        if (existing && req.headers['idempotency-key'] === reference)
          return json(res, 200, waveSessionOf(existing))
        if (!/^\d+$/.test(String(b.amount)) || b.currency !== 'XOF' || !reference)
          return json(res, 400, { code: 'request-validation-error', message: 'invalid request' })
        const id = `cos-${randomBytes(10).toString('hex')}`
        const p: Payment = {
          provider: 'wave',
          id,
          reference,
          amount: Number(b.amount),
          currency: 'XOF',
          country,
          notifyUrl: `${waveNotifyBase}/${country.toLowerCase()}`,
          returnUrl: String(b.success_url),
          state: 'open',
          refunded: false,
          createdAt: new Date(),
        }
        payments.set(id, p)
        byReference.set(reference, p)
        return json(res, 200, waveSessionOf(p))
      }
      const m = /^\/v1\/checkout\/sessions\/([\w-]+)(?:\/(refund|expire))?$/.exec(path)
      const p = m ? payments.get(m[1]!) : undefined
      if (!m || !p || p.provider !== 'wave' || p.country !== country)
        return json(res, 404, { code: 'not-found', message: 'Checkout session not found' })
      if (!m[2] && req.method === 'GET') return json(res, 200, waveSessionOf(p))
      if (m[2] === 'refund' && req.method === 'POST') {
        if (p.state !== 'paid') return json(res, 409, { code: 'checkout-refund-failed', message: 'not paid' })
        if (!p.refunded) refunds.push(p.reference)
        p.refunded = true
        return json(res, 200, {})
      }
      if (m[2] === 'expire' && req.method === 'POST') {
        if (p.state !== 'open')
          return json(res, 409, { code: 'checkout-session-not-open', message: 'not open' })
        p.state = 'expired'
        return json(res, 200, {})
      }
    }
    return json(res, 404, { message: 'not found' })
  }

  // Wave sends its webhooks to the URL registered in its portal: here, the shop's, per country.
  let waveNotifyBase = ''

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => json(res, 500, { message: 'fake failed' }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    origin,
    secrets: opts.secrets,
    behaviour,
    /** Back to normal behaviour, with these changes. */
    set(changes: Partial<FakeBehaviour>) {
      Object.assign(behaviour, normal(), changes)
    },
    /** Where Wave's webhooks go (the shop's endpoint, without the country). */
    setWaveWebhookBase(url: string) {
      waveNotifyBase = url
    },
    setDeliver(d: Deliver) {
      deliver = d
    },
    decide,
    payment: (reference: string) => byReference.get(reference),
    /** Notifications sent (provider, reference, the shop's answer status). */
    sent,
    refunds,
    /** Resolves once every notification sent so far has been answered. */
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight])
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

function simulationPage(p: Payment) {
  const name = p.provider === 'wave' ? 'Wave' : 'CinetPay'
  const amount = new Intl.NumberFormat('fr-FR').format(p.amount).replace(/\u202f|\u00a0/g, ' ')
  const closed = p.state !== 'open'
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Simulation ${name} — aucun paiement réel</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:1rem auto;padding:0 1rem;color:#1c1917}
.banner{background:#fef3c7;border:2px solid #b45309;padding:.75rem;border-radius:.5rem;font-weight:600}
button{font-size:1.1rem;padding:.8rem 1rem;width:100%;margin:.4rem 0;border-radius:.5rem;border:1px solid #444;min-height:44px}
.pay{background:#166534;color:#fff}</style></head>
<body><main>
<p class="banner" role="alert">SIMULATION — ceci n’est pas ${name}. Aucun argent ne sera débité. Cette page n’existe qu’en développement.</p>
<h1>Paiement ${name} simulé</h1>
<p>Montant : <strong>${escapeHtml(amount)} ${escapeHtml(p.currency)}</strong></p>
<p>Référence : ${escapeHtml(p.reference)}</p>
${
  closed
    ? `<p>Ce paiement est terminé (${escapeHtml(p.state)}).</p><p><a href="${escapeHtml(p.returnUrl)}">Retour à la boutique</a></p>`
    : `<form method="post"><input type="hidden" name="outcome" value="pay"><button class="pay" type="submit">Simuler le paiement</button></form>
<form method="post"><input type="hidden" name="outcome" value="refuse"><button type="submit">Simuler un refus</button></form>`
}
</main></body></html>`
}
