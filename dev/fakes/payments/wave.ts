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
 * A fake of Wave's Checkout API and webhooks, written from docs.wave.com/checkout and
 * docs.wave.com/webhook alone (docs/decisions/0062), not from the shop's client:
 * - every call needs `Authorization: Bearer <key>`, one key per business wallet (here per
 *   country); without it 401 `missing-auth-header`, with an unknown one 401 `no-matching-api-key`;
 * - POST /v1/checkout/sessions (amount a string, currency, client_reference, success_url,
 *   error_url; Idempotency-Key honoured), GET /v1/checkout/sessions/:id,
 *   GET /v1/checkout/sessions?transaction_id=…, GET /v1/checkout/sessions/search?client_reference=…
 *   (`{ result: [...] }`), POST …/:id/expire (an open session), POST …/:id/refund (a completed one);
 * - a session: checkout_status open | complete | expired, payment_status processing | cancelled |
 *   succeeded; a payment cancelled leaves the session open, the client may try again in it;
 * - webhooks: `{ id, type, data }` POSTed with `Wave-Signature: t=<unix seconds>,v1=<hex>`, the
 *   hex HMAC-SHA256 with the webhook secret of the timestamp followed by the raw body, nothing
 *   between (Wave's own samples: `timestamp + webhook_body`, `$timestamp . $webhook_body`).
 * It runs as its own small server (`startWaveFake`), on its own port: Wave's origin.
 */

/** Every event type Wave documents. */
export const WAVE_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.payment_failed',
  'merchant.payment_received',
  'b2b.payment_received',
  'b2b.payment_failed',
  'test.test_event',
] as const
export type WaveEventType = (typeof WAVE_EVENT_TYPES)[number]

/** The documented formula, in this file's own words. */
export function waveSignatureHeader(body: string, secret: string, t: number) {
  const v1 = createHmac('sha256', secret)
    .update(String(t) + body, 'utf8')
    .digest('hex')
  return `t=${t},v1=${v1}`
}

function createWaveFake(ctx: FakeContext, origin: () => string) {
  let webhookBase = ''
  /** Idempotency-Key (per wallet) → the session it made: the same key answers the same session. */
  const byKey = new Map<string, Payment>()

  function sessionOf(p: Payment) {
    const paid = p.state === 'paid' && !ctx.behaviour.waiting
    const closed = paid || p.state === 'expired'
    return {
      id: p.id,
      amount: String(reportedAmount(ctx, p)),
      checkout_status: paid ? 'complete' : p.state === 'expired' ? 'expired' : 'open',
      client_reference: p.reference || null,
      currency: reportedCurrency(ctx, p),
      error_url: p.returnUrl,
      last_payment_error:
        p.state === 'refused' ? { code: 'payer-cancelled', message: 'The payer cancelled' } : null,
      business_name: 'Étal (simulation)',
      payment_status: paid ? 'succeeded' : p.state === 'refused' ? 'cancelled' : 'processing',
      success_url: p.returnUrl,
      transaction_id: paid ? `T_${p.id.slice(4, 16).toUpperCase()}` : null,
      wave_launch_url: `${origin()}/simulation/wave/${p.id}`,
      when_completed: closed ? new Date().toISOString() : null,
      when_created: p.createdAt.toISOString(),
      when_expires: new Date(p.createdAt.getTime() + 30 * 60_000).toISOString(),
    }
  }

  /** The `data` of an event of this type (a session for the checkout events). */
  function dataOf(type: WaveEventType, p?: Payment): unknown {
    const now = new Date().toISOString()
    if (type.startsWith('checkout.session.') && p) return sessionOf(p)
    if (type === 'merchant.payment_received')
      return {
        id: `T_${randomBytes(6).toString('hex').toUpperCase()}`,
        amount: '5000',
        currency: 'XOF',
        sender_mobile: '+221770000000',
        merchant_id: 'M_simulation',
        when_created: now,
      }
    if (type.startsWith('b2b.'))
      return {
        id: `B2B_${randomBytes(6).toString('hex')}`,
        amount: '25000',
        currency: 'XOF',
        sender_id: 'M_other_business',
        client_reference: p?.reference ?? null,
        when_created: now,
        ...(type === 'b2b.payment_failed' && {
          last_payment_error: { code: 'insufficient-funds', message: 'Insufficient funds' },
        }),
      }
    return {}
  }

  /** An event as Wave sends it: its body, and its headers signed with the country's secret. */
  function event(type: WaveEventType, country: string, p?: Payment, data?: unknown) {
    const body = JSON.stringify({
      id: `AE_${randomBytes(6).toString('hex')}`,
      type,
      data: data ?? dataOf(type, p),
    })
    const secret = ctx.secrets.wave[country]?.webhookSecret ?? ''
    const headers = {
      'content-type': 'application/json',
      'wave-signature': waveSignatureHeader(body, secret, Math.floor(Date.now() / 1000)),
    }
    return { headers, body }
  }

  const urlOf = (country: string) => `${webhookBase}/${country.toLowerCase()}`

  /** Sends one event (any documented type) to the country's webhook URL. */
  function sendEvent(type: WaveEventType, opts: { country: string; reference?: string; data?: unknown }) {
    const p = opts.reference ? ctx.byReference.get(opts.reference) : undefined
    const e = event(type, opts.country, p, opts.data)
    ctx.send(urlOf(opts.country), e, { provider: 'wave', reference: opts.reference ?? '', type })
    return e
  }

  function notify(p: Payment) {
    if (ctx.behaviour.silent) return
    const type = p.state === 'paid' ? 'checkout.session.completed' : 'checkout.session.payment_failed'
    const e = event(type, p.country, p)
    for (let i = 0; i <= ctx.behaviour.duplicates; i++)
      ctx.send(urlOf(p.country), e, { provider: 'wave', reference: p.reference, type })
    if (ctx.behaviour.outOfOrder && p.state === 'paid') {
      const stale = event('checkout.session.payment_failed', p.country, p)
      ctx.send(urlOf(p.country), stale, {
        provider: 'wave',
        reference: p.reference,
        type: 'checkout.session.payment_failed',
      })
    }
  }

  /** The client pays or refuses in the Wave app; a refusal leaves the session open. */
  function decide(p: Payment, outcome: 'pay' | 'refuse') {
    if (p.state !== 'open' && p.state !== 'refused') return
    p.state = outcome === 'pay' ? 'paid' : 'refused'
    notify(p)
  }

  const countryOf = (req: IncomingMessage) => {
    const auth = req.headers.authorization
    if (!auth) return { error: 'missing-auth-header' as const }
    if (ctx.behaviour.wrongKey) return { error: 'no-matching-api-key' as const }
    const found = Object.entries(ctx.secrets.wave).find(([, k]) => auth === `Bearer ${k.apiKey}`)
    return found ? { country: found[0] } : { error: 'no-matching-api-key' as const }
  }

  /** The checkout page (the Wave app, simulated) and the API; false: not a Wave path. */
  async function handle(req: IncomingMessage, res: ServerResponse, url: URL, body: string) {
    const path = url.pathname
    const page = /^\/simulation\/wave\/([\w-]+)$/.exec(path)
    if (page) {
      const p = ctx.payments.get(page[1]!)
      if (!p || p.provider !== 'wave') return (json(res, 404, { message: 'inconnu' }), true)
      if (req.method === 'POST') {
        decide(p, new URLSearchParams(body).get('outcome') === 'refuse' ? 'refuse' : 'pay')
        return (sendBack(res, p), true)
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      return (res.end(simulationPage(p)), true)
    }
    if (!path.startsWith('/v1/checkout/sessions')) return false
    if (ctx.behaviour.delayMs > 0) await new Promise((r) => setTimeout(r, ctx.behaviour.delayMs))
    if (ctx.behaviour.down) return (json(res, 503, { message: 'Service Unavailable' }), true)
    const who = countryOf(req)
    if ('error' in who)
      return (json(res, 401, { code: who.error, message: 'Your request was not authenticated.' }), true)
    const country = who.country
    const mine = (p: Payment | undefined) => p?.provider === 'wave' && p.country === country
    if (path === '/v1/checkout/sessions' && req.method === 'POST') {
      const b = parseJson(body)
      const reference = typeof b.client_reference === 'string' ? b.client_reference : ''
      const key = req.headers['idempotency-key']
      const again = typeof key === 'string' ? byKey.get(`${country}:${key}`) : undefined
      if (again) return (json(res, 200, sessionOf(again)), true)
      if (typeof b.amount !== 'string' || !/^\d+$/.test(b.amount) || b.currency !== 'XOF')
        return (json(res, 400, { code: 'request-validation-error', message: 'amount or currency' }), true)
      if (typeof b.success_url !== 'string' || typeof b.error_url !== 'string')
        return (json(res, 400, { code: 'request-validation-error', message: 'success_url, error_url' }), true)
      const id = `cos-${randomBytes(10).toString('hex')}`
      const p: Payment = {
        provider: 'wave',
        id,
        reference,
        amount: Number(b.amount),
        currency: 'XOF',
        country,
        notifyUrl: urlOf(country),
        returnUrl: b.success_url,
        state: 'open',
        refunded: false,
        createdAt: new Date(),
      }
      ctx.payments.set(id, p)
      if (reference) ctx.byReference.set(reference, p)
      if (typeof key === 'string') byKey.set(`${country}:${key}`, p)
      return (json(res, 200, sessionOf(p)), true)
    }
    if (path === '/v1/checkout/sessions/search' && req.method === 'GET') {
      const ref = url.searchParams.get('client_reference')
      const result = [...ctx.payments.values()].filter((p) => mine(p) && p.reference === ref)
      return (json(res, 200, { result: result.map(sessionOf) }), true)
    }
    if (path === '/v1/checkout/sessions' && req.method === 'GET') {
      const tx = url.searchParams.get('transaction_id')
      const p = [...ctx.payments.values()].find((s) => mine(s) && sessionOf(s).transaction_id === tx)
      return (
        p ? json(res, 200, sessionOf(p)) : json(res, 404, { code: 'not-found', message: 'Not found' }),
        true
      )
    }
    const m = /^\/v1\/checkout\/sessions\/([\w-]+)(?:\/(refund|expire))?$/.exec(path)
    const p = m ? ctx.payments.get(m[1]!) : undefined
    if (!m || !p || !mine(p))
      return (json(res, 404, { code: 'not-found', message: 'Checkout session not found' }), true)
    if (!m[2] && req.method === 'GET') return (json(res, 200, sessionOf(p)), true)
    if (m[2] === 'refund' && req.method === 'POST') {
      if (p.state !== 'paid')
        return (json(res, 409, { code: 'checkout-refund-failed', message: 'Not completed' }), true)
      if (!p.refunded) ctx.refunds.push(p.reference)
      p.refunded = true
      return (json(res, 200, {}), true)
    }
    if (m[2] === 'expire' && req.method === 'POST') {
      if (p.state !== 'open' && p.state !== 'refused')
        return (json(res, 409, { code: 'checkout-session-not-open', message: 'Not open' }), true)
      p.state = 'expired'
      return (json(res, 200, sessionOf(p)), true)
    }
    return (json(res, 405, { code: 'method-not-allowed', message: 'Method not allowed' }), true)
  }

  return {
    handle,
    decide,
    sendEvent,
    sessionOf,
    setWebhookBase(url: string) {
      webhookBase = url
    },
  }
}

/**
 * Wave's fake, its own server. Besides Wave's API and its checkout page it answers
 * POST /_fake/event `{ type, country, reference? }`: sends that documented event.
 */
export async function startWaveFake(ctx: FakeContext, port = 0) {
  let origin = ''
  const wave = createWaveFake(ctx, () => origin)
  const server = await serveFake(
    ctx,
    async (req, res, url, body) => {
      if (url.pathname === '/_fake/event' && req.method === 'POST') {
        const b = parseJson(body)
        const type = WAVE_EVENT_TYPES.find((t) => t === b.type)
        if (!type) return (json(res, 400, { message: `type: one of ${WAVE_EVENT_TYPES.join(', ')}` }), true)
        const country = typeof b.country === 'string' ? b.country : 'SN'
        const reference = typeof b.reference === 'string' ? b.reference : undefined
        wave.sendEvent(type, { country, reference })
        return (json(res, 202, { sent: type }), true)
      }
      return wave.handle(req, res, url, body)
    },
    port,
  )
  origin = server.origin
  return { ...wave, origin: server.origin, close: server.close }
}
