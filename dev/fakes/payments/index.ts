import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createCinetpayFake } from './cinetpay'
import {
  json,
  normal,
  parseJson,
  readBody,
  type Deliver,
  type FakeBehaviour,
  type FakeContext,
  type FakeSecrets,
  type Payment,
  type Sent,
} from './shared'
import { createWaveFake, WAVE_EVENT_TYPES, type WaveEventType } from './wave'

export { fakeSecrets, type Deliver, type FakeBehaviour, type FakeSecrets } from './shared'
export { WAVE_EVENT_TYPES, type WaveEventType } from './wave'

/**
 * A fake of each mobile money provider (docs/decisions/0042, 0062, docs/rules/money.md#payments):
 * one small HTTP server speaking CinetPay's (cinetpay.ts) and Wave's (wave.ts) protocols as
 * their documentation describes them, and a checkout page per attempt that says it is a
 * simulation. Neither imports the shop's payment code: their signatures are written from the
 * documented formulas, so they cannot agree with a mistake of ours. Used by the tests and by
 * `npm start` without keys; never in production (startFakeProviders refuses, and the server only
 * starts it outside production).
 *
 * Steered by `set(...)` or POST /_fake/behaviour (shared.ts lists the behaviours); any
 * documented Wave event is sent by `sendWaveEvent(...)` or POST /_fake/event
 * `{ type, country, reference? }`.
 */
export type FakeProviders = Awaited<ReturnType<typeof startFakeProviders>>

export async function startFakeProviders(opts: {
  secrets: FakeSecrets
  nodeEnv?: string
  deliver?: Deliver
}) {
  if ((opts.nodeEnv ?? process.env.NODE_ENV) === 'production')
    throw new Error('the fake payment providers never run in production')
  const inFlight = new Set<Promise<unknown>>()
  let deliver: Deliver =
    opts.deliver ??
    ((url, init) =>
      fetch(url, {
        method: init.method ?? 'POST',
        headers: init.headers,
        ...(init.method !== 'GET' && { body: init.body }),
        signal: AbortSignal.timeout(10_000),
      }))
  /** Notifications sent (provider, reference, event type, the shop's answer status). */
  const sent: Sent[] = []
  /** CinetPay's GET pings of notify_url (the shop's answer status). */
  const pings: (number | null)[] = []
  let origin = ''
  const statusOf = (r: unknown) =>
    (r as { statusCode?: number })?.statusCode ?? (r as { status?: number })?.status ?? null

  const ctx: FakeContext = {
    secrets: opts.secrets,
    behaviour: normal(),
    payments: new Map<string, Payment>(),
    byReference: new Map<string, Payment>(),
    refunds: [],
    origin: () => origin,
    send(url, init, what) {
      const record = (status: number | null) =>
        what.type === 'ping' ? pings.push(status) : sent.push({ ...what, status })
      const p = deliver(url, init).then(
        (r) => record(statusOf(r)),
        () => record(null),
      )
      inFlight.add(p)
      void p.finally(() => inFlight.delete(p))
    },
  }
  const wave = createWaveFake(ctx)
  const cinetpay = createCinetpayFake(ctx)

  /** The client pays (or refuses) on the provider's page: the same as the simulation's buttons. */
  function decide(idOrReference: string, outcome: 'pay' | 'refuse') {
    const p = ctx.payments.get(idOrReference) ?? ctx.byReference.get(idOrReference)
    if (!p) return null
    if (p.provider === 'wave') wave.decide(p, outcome)
    else cinetpay.decide(p, outcome)
    return p
  }

  function sendWaveEvent(
    type: WaveEventType,
    o: { country: string; reference?: string; data?: unknown } = { country: 'SN' },
  ) {
    return wave.sendEvent(type, o)
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', origin)
    const body = req.method === 'POST' ? await readBody(req) : ''
    if (url.pathname === '/_fake/behaviour' && req.method === 'POST') {
      Object.assign(ctx.behaviour, normal(), parseJson(body))
      return json(res, 200, ctx.behaviour)
    }
    if (url.pathname === '/_fake/event' && req.method === 'POST') {
      const b = parseJson(body)
      const type = WAVE_EVENT_TYPES.find((t) => t === b.type)
      if (!type) return json(res, 400, { message: `type: one of ${WAVE_EVENT_TYPES.join(', ')}` })
      const country = typeof b.country === 'string' ? b.country : 'SN'
      const reference = typeof b.reference === 'string' ? b.reference : undefined
      sendWaveEvent(type, { country, reference })
      return json(res, 202, { sent: type })
    }
    if (await wave.handle(req, res, url, body)) return
    if (await cinetpay.handle(req, res, url, body)) return
    return json(res, 404, { message: 'not found' })
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => json(res, 500, { message: 'fake failed' }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    origin,
    secrets: opts.secrets,
    behaviour: ctx.behaviour,
    /** Back to normal behaviour, with these changes. */
    set(changes: Partial<FakeBehaviour>) {
      Object.assign(ctx.behaviour, normal(), changes)
    },
    /** Where Wave's webhooks go (the shop's endpoint, without the country). */
    setWaveWebhookBase: wave.setWebhookBase,
    setDeliver(d: Deliver) {
      deliver = d
    },
    decide,
    sendWaveEvent,
    /** A CinetPay notification of this payment, signed as CinetPay signs it. */
    cinetpayNotification: cinetpay.notificationOf,
    waveSession: wave.sessionOf,
    payment: (reference: string) => ctx.byReference.get(reference),
    sent,
    pings,
    refunds: ctx.refunds,
    /** Resolves once every notification sent so far has been answered. */
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight])
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
