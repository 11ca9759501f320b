import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * What the two fakes share: the steerable behaviour, the secrets, the way a notification is sent
 * and recorded, the HTTP helpers, the small server each provider runs and the simulated checkout
 * page. Nothing here comes from the
 * shop's payment code (docs/decisions/0062): each fake signs and answers from its provider's
 * documentation alone.
 *
 * - delayMs: each API answer waits this long;
 * - down: every API call answers 503;
 * - silent: no notification at all (the reconciliation worker must find the payment);
 * - duplicates: each notification is sent this many times more, all at once;
 * - outOfOrder: Wave: a stale `payment_failed` event is sent after `completed`;
 * - waiting: the status query keeps answering WAITING_FOR_CUSTOMER / processing;
 * - amountDelta, currency: the status query says another amount or currency was paid;
 * - wrongKey: every API call is refused as with a wrong key (Wave 401, CinetPay 609).
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
  wrongKey: boolean
}
export const normal = (): FakeBehaviour => ({
  delayMs: 0,
  down: false,
  silent: false,
  duplicates: 0,
  outOfOrder: false,
  waiting: false,
  amountDelta: 0,
  currency: null,
  wrongKey: false,
})

/**
 * One payment at a fake. `refused`: CinetPay's REFUSED (final); at Wave, a payment cancelled
 * while the session stays open (the client may try again in it).
 */
export type Payment = {
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

/** How a notification reaches the shop (a POST; CinetPay's ping of notify_url is a GET). */
export type Deliver = (
  url: string,
  init: { method?: 'GET' | 'POST'; headers: Record<string, string>; body: string },
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

export type Sent = { provider: string; reference: string; type?: string; status: number | null }

/** What a provider's fake is given: the shared state, and how to send a notification. */
export type FakeContext = {
  secrets: FakeSecrets
  behaviour: FakeBehaviour
  payments: Map<string, Payment>
  byReference: Map<string, Payment>
  refunds: string[]
  /** Sends once, recorded in `sent` with the shop's answer status. */
  send(
    url: string,
    init: Parameters<Deliver>[1],
    what: { provider: string; reference: string; type?: string },
  ): void
}

export const reportedAmount = (ctx: FakeContext, p: Payment) => p.amount + ctx.behaviour.amountDelta
export const reportedCurrency = (ctx: FakeContext, p: Payment) => ctx.behaviour.currency ?? p.currency

export const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}
export const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = []
  for await (const c of req) chunks.push(c as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}
export const parseJson = (s: string): Record<string, unknown> => {
  try {
    const v = JSON.parse(s) as unknown
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/**
 * The checkout page, in French, saying it is a simulation. `back`: how the client returns to the
 * shop once done: a link (Wave) or, as CinetPay does, a form POSTed to return_url.
 */
export function simulationPage(p: Payment, back: { form?: Record<string, string> } = {}) {
  const name = p.provider === 'wave' ? 'Wave' : 'CinetPay'
  const amount = new Intl.NumberFormat('fr-FR').format(p.amount).replace(/\u202f|\u00a0/g, ' ')
  const open = p.state === 'open' || (p.provider === 'wave' && p.state === 'refused')
  const returnLink = back.form
    ? `<form method="post" action="${escapeHtml(p.returnUrl)}">${Object.entries(back.form)
        .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
        .join('')}<button type="submit">Retour à la boutique</button></form>`
    : `<p><a href="${escapeHtml(p.returnUrl)}">Retour à la boutique</a></p>`
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
  open
    ? `${p.state === 'refused' ? '<p>Le dernier essai a été refusé ; vous pouvez réessayer.</p>' : ''}
<form method="post"><input type="hidden" name="outcome" value="pay"><button class="pay" type="submit">Simuler le paiement</button></form>
<form method="post"><input type="hidden" name="outcome" value="refuse"><button type="submit">Simuler un refus</button></form>`
    : `<p>Ce paiement est terminé (${escapeHtml(p.state)}).</p>${returnLink}`
}
</main></body></html>`
}

/** The answer to the simulation's buttons: back to the shop, as the provider sends the client. */
export function sendBack(res: ServerResponse, p: Payment, form?: Record<string, string>) {
  if (!form) {
    res.writeHead(303, { location: p.returnUrl })
    return res.end()
  }
  // CinetPay: its page shows the outcome, and its "back" button POSTs a form to return_url.
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
  return res.end(simulationPage(p, { form }))
}

/** A provider's routes: true once answered, false when the path is not the provider's. */
export type FakeRoutes = (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  body: string,
) => Promise<boolean>

/**
 * One provider's own small HTTP server, on its own port of this machine (0: any free one). Each
 * also answers POST /_fake/behaviour, which steers both fakes (they share `ctx.behaviour`).
 */
export async function serveFake(ctx: FakeContext, routes: FakeRoutes, port = 0) {
  let origin = ''
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', origin)
    const body = req.method === 'POST' ? await readBody(req) : ''
    if (url.pathname === '/_fake/behaviour' && req.method === 'POST') {
      Object.assign(ctx.behaviour, normal(), parseJson(body))
      return json(res, 200, ctx.behaviour)
    }
    if (await routes(req, res, url, body)) return
    return json(res, 404, { message: 'not found' })
  }
  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => json(res, 500, { message: 'fake failed' }))
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
