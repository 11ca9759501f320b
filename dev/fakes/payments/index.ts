import { startCinetpayFake } from './cinetpay'
import {
  normal,
  type Deliver,
  type FakeBehaviour,
  type FakeContext,
  type FakeSecrets,
  type Payment,
  type Sent,
} from './shared'
import { startWaveFake, type WaveEventType } from './wave'

export { fakeSecrets, type Deliver, type FakeBehaviour, type FakeSecrets } from './shared'
export { WAVE_EVENT_TYPES, type WaveEventType } from './wave'

/**
 * A fake of each mobile money provider (docs/decisions/0042, 0062, docs/rules/money.md#payments):
 * each its own small HTTP server on its own port, CinetPay's (cinetpay.ts) and Wave's (wave.ts),
 * speaking its provider's protocol as the documentation describes it, with a checkout page per
 * attempt that says it is a simulation (`origins.cinetpay`, `origins.wave`). Neither imports the
 * shop's payment code: their signatures are written from the documented formulas, so they cannot
 * agree with a mistake of ours. Used by the tests and by `npm start` without keys; never in
 * production (startFakeProviders refuses, and the server only starts them outside production).
 *
 * Both are steered together by `set(...)` or POST /_fake/behaviour at either origin (shared.ts
 * lists the behaviours); any documented Wave event is sent by `sendWaveEvent(...)` or POST
 * /_fake/event `{ type, country, reference? }` at Wave's origin. `sent`, `pings`, `refunds` and
 * `idle()` cover both.
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
  const statusOf = (r: unknown) =>
    (r as { statusCode?: number })?.statusCode ?? (r as { status?: number })?.status ?? null

  const ctx: FakeContext = {
    secrets: opts.secrets,
    behaviour: normal(),
    payments: new Map<string, Payment>(),
    byReference: new Map<string, Payment>(),
    refunds: [],
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
  const wave = await startWaveFake(ctx)
  const cinetpay = await startCinetpayFake(ctx).catch(async (e: unknown) => {
    await wave.close()
    throw e
  })

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

  return {
    /** Each provider's own server: where its API, its checkout page and the steering answer. */
    origins: { wave: wave.origin, cinetpay: cinetpay.origin },
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
    close: async () => {
      await Promise.all([wave.close(), cinetpay.close()])
    },
  }
}
