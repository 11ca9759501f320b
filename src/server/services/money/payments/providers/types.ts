import type { PaymentProvider } from '@/shared/domain/payments'

/** What the provider says of an attempt, read from its status query (the truth). */
export type ProviderStatus = {
  state: 'paid' | 'pending' | 'failed' | 'expired'
  /** What the provider says was paid, as integers; null when it does not say. */
  amount: number | null
  currency: string | null
  /** The provider's own word, kept in the payment event. */
  raw: string
}

export type CreateInput = {
  reference: string
  amount: number
  currency: string
  countryCode: string
  description: string
  notifyUrl: string
  returnUrl: string
}

export type CreatedAttempt = { providerRef: string; checkoutUrl: string; expiresAt: Date | null }

export type AttemptRef = { reference: string; providerRef: string | null; countryCode: string }

/** A notification as it arrived: the raw body (the signature is over it) and the headers. */
export type RawNotification = {
  rawBody: string
  headers: Record<string, string | string[] | undefined>
  /** Wave: the country of the webhook's URL, whose secret signs it. */
  countryCode?: string
}

/**
 * One provider behind one interface (docs/decisions/0042). Every call either answers or throws
 * `ProviderUnavailable` (time-out, network, 5xx, an answer its schema refuses).
 */
export interface PaymentProviderClient {
  readonly name: PaymentProvider
  create(input: CreateInput): Promise<CreatedAttempt>
  status(attempt: AttemptRef): Promise<ProviderStatus>
  /**
   * Null when the signature is bad (401). A good signature answers `{ reference }`: the
   * attempt it is about, or null for an event the shop does not use (a portal's test event,
   * another product's payment, a transaction of no attempt): logged, answered 2xx, ignored.
   */
  verify(notification: RawNotification): { reference: string | null } | null
  /** Refunds a paid attempt by API; absent: no refund API (staff refund by hand). */
  refund?(attempt: AttemptRef): Promise<void>
  /** Closes an open attempt so it can no longer be paid. */
  expire?(attempt: AttemptRef): Promise<void>
}

export class ProviderUnavailable extends Error {
  constructor(
    readonly provider: PaymentProvider,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${provider}: ${message}`, options)
    this.name = 'ProviderUnavailable'
  }
}

/**
 * The provider refused our key (HTTP 401 or 403, or CinetPay's codes for a wrong apikey or
 * site_id): a configuration fault, not an outage, kept, shown to staff and logged once
 * (services/money/payments/faults.ts). Still a ProviderUnavailable: nothing was charged.
 */
export class ProviderKeyRefused extends ProviderUnavailable {
  constructor(
    provider: PaymentProvider,
    readonly countryCode: string | null,
    readonly detail: string,
  ) {
    super(provider, `key refused${countryCode ? ` (${countryCode})` : ''}: ${detail}`)
    this.name = 'ProviderKeyRefused'
  }
}

/** Time limit of every call to a provider. */
export const PROVIDER_TIMEOUT_MS = 8_000

/**
 * A JSON call with a time limit; a network failure, time-out or 5xx is ProviderUnavailable, a
 * 401 or 403 ProviderKeyRefused (`countryCode`: whose key, for a provider with one per country).
 */
export async function callJson(
  provider: PaymentProvider,
  url: string,
  init: {
    method: 'GET' | 'POST'
    headers?: Record<string, string>
    body?: unknown
    countryCode?: string
  },
  timeoutMs = PROVIDER_TIMEOUT_MS,
): Promise<{ status: number; json: unknown }> {
  let res: Response
  try {
    res = await fetch(url, {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (err) {
    throw new ProviderUnavailable(provider, 'no answer', { cause: err })
  }
  if (res.status >= 500) throw new ProviderUnavailable(provider, `status ${res.status}`)
  const text = await res.text().catch(() => '')
  if (res.status === 401 || res.status === 403)
    throw new ProviderKeyRefused(provider, init.countryCode ?? null, `HTTP ${res.status}`)
  try {
    return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null }
  } catch {
    throw new ProviderUnavailable(provider, `status ${res.status}, not JSON`)
  }
}

/** A header's single value. */
export const header = (h: RawNotification['headers'], name: string) => {
  const v = h[name.toLowerCase()]
  return Array.isArray(v) ? v[0] : v
}
