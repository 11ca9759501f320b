import { z } from 'zod'
import { verifyWaveSignature } from '../signatures'
import {
  callJson,
  header,
  ProviderUnavailable,
  type AttemptRef,
  type CreateInput,
  type PaymentProviderClient,
  type ProviderStatus,
  type RawNotification,
} from './types'
import { integerAmount } from './cinetpay'

// Wave's checkout sessions (docs/decisions/0042): a key per country, webhooks signed by
// Wave-Signature, GET the session for the truth, refund and expire by API.

export const waveSession = z.object({
  id: z.string().min(1),
  amount: z.union([z.string(), z.number()]),
  currency: z.string(),
  client_reference: z.string().nullish(),
  checkout_status: z.string(),
  payment_status: z.string().nullish(),
  wave_launch_url: z.url().nullish(),
  when_expires: z.string().nullish(),
})
/** Any event Wave documents: `{ id, type, data }`; only the checkout session's two are ours. */
const waveEvent = z.object({ id: z.string(), type: z.string(), data: z.unknown() })
const CHECKOUT_EVENTS = new Set(['checkout.session.completed', 'checkout.session.payment_failed'])

export function waveClient(opts: {
  apiUrl: string
  keys: Record<string, { apiKey: string; webhookSecret: string }>
}): PaymentProviderClient {
  const base = opts.apiUrl.replace(/\/$/, '')
  const keyOf = (country: string) => {
    const k = opts.keys[country]
    if (!k) throw new ProviderUnavailable('wave', `no key for ${country}`)
    return k
  }
  const auth = (country: string) => ({ authorization: `Bearer ${keyOf(country).apiKey}` })
  const session = async (attempt: AttemptRef) => {
    if (!attempt.providerRef) throw new ProviderUnavailable('wave', 'no session id')
    const { status, json } = await callJson(
      'wave',
      `${base}/v1/checkout/sessions/${encodeURIComponent(attempt.providerRef)}`,
      { method: 'GET', headers: auth(attempt.countryCode), countryCode: attempt.countryCode },
    )
    const parsed = waveSession.safeParse(json)
    if (status !== 200 || !parsed.success)
      throw new ProviderUnavailable('wave', `session answer not understood (HTTP ${status})`)
    return parsed.data
  }
  const action = async (attempt: AttemptRef, what: 'refund' | 'expire') => {
    if (!attempt.providerRef) throw new ProviderUnavailable('wave', 'no session id')
    const { status } = await callJson(
      'wave',
      `${base}/v1/checkout/sessions/${encodeURIComponent(attempt.providerRef)}/${what}`,
      {
        method: 'POST',
        headers: { ...auth(attempt.countryCode), 'idempotency-key': `${what}-${attempt.reference}` },
        countryCode: attempt.countryCode,
      },
    )
    if (status !== 200 && status !== 204)
      throw new ProviderUnavailable('wave', `${what} refused (HTTP ${status})`)
  }
  return {
    name: 'wave',
    async create(input: CreateInput) {
      const { status, json } = await callJson('wave', `${base}/v1/checkout/sessions`, {
        method: 'POST',
        headers: { ...auth(input.countryCode), 'idempotency-key': input.reference },
        countryCode: input.countryCode,
        body: {
          amount: String(input.amount),
          currency: input.currency,
          client_reference: input.reference,
          success_url: input.returnUrl,
          error_url: input.returnUrl,
        },
      })
      const parsed = waveSession.safeParse(json)
      if (status !== 200 || !parsed.success || !parsed.data.wave_launch_url)
        throw new ProviderUnavailable('wave', `session refused (HTTP ${status})`)
      const expires = parsed.data.when_expires ? new Date(parsed.data.when_expires) : null
      return {
        providerRef: parsed.data.id,
        checkoutUrl: parsed.data.wave_launch_url,
        expiresAt: expires && !Number.isNaN(expires.getTime()) ? expires : null,
      }
    },
    async status(attempt: AttemptRef): Promise<ProviderStatus> {
      const s = await session(attempt)
      const raw = `${s.checkout_status}/${s.payment_status ?? ''}`
      const amount = integerAmount(s.amount)
      const base = { amount, currency: s.currency, raw }
      if (s.payment_status === 'succeeded') return { state: 'paid', ...base }
      if (s.checkout_status === 'expired') return { state: 'expired', ...base }
      // A payment cancelled while its session is still open is not the end: the client may try
      // again in the same session until it completes or expires.
      if (s.payment_status === 'cancelled' && s.checkout_status !== 'open')
        return { state: 'failed', ...base }
      return { state: 'pending', ...base }
    },
    verify(n: RawNotification) {
      const country = n.countryCode
      const secret = country ? opts.keys[country]?.webhookSecret : undefined
      if (!secret || !verifyWaveSignature(n.rawBody, header(n.headers, 'wave-signature'), secret)) return null
      // The signature is good: from here on, an event we cannot use is ignored, not refused.
      let body: unknown
      try {
        body = JSON.parse(n.rawBody)
      } catch {
        return { reference: null }
      }
      const event = waveEvent.safeParse(body)
      if (!event.success || !CHECKOUT_EVENTS.has(event.data.type)) return { reference: null }
      const session = waveSession.safeParse(event.data.data)
      return { reference: (session.success && session.data.client_reference) || null }
    },
    refund: (attempt) => action(attempt, 'refund'),
    expire: (attempt) => action(attempt, 'expire'),
  }
}
