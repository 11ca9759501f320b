import type { Config } from '@/server/config'
import type { FakeProviders, fakeSecrets, startFakeProviders } from '@dev/fakes/payments'
import type { ConfiguredProviders, PaymentProvider } from '@/shared/domain/payments'
import { cinetpayClient } from './providers/cinetpay'
import type { PaymentProviderClient } from './providers/types'
import { waveClient } from './providers/wave'

/**
 * The payment providers the server talks to (docs/rules/money.md#payments, docs/decisions/0042): the
 * configured ones, or, outside production without keys, the in-repo fakes. Work that a
 * notification starts runs past the answer (a provider wants one fast); it is tracked, so a test
 * or a shutdown can wait for it (`idle`).
 */
export type Payments = {
  providers: Partial<Record<PaymentProvider, PaymentProviderClient>>
  configured: ConfiguredProviders
  /** Where the providers send the client back and their notifications (the shop's address). */
  origin: string
  /** The fakes, when they stand in for the providers (never in production). */
  fake: FakeProviders | null
  /** Where a refused key is logged, once (the app gives its logger; silent until then). */
  log: { error(obj: object, msg: string): void }
  /** The keys a provider accepted since this process started (faults.ts clears a fault once). */
  keysAccepted: Set<string>
  track<T>(work: Promise<T>): Promise<T>
  idle(): Promise<void>
  close(): Promise<void>
}

/**
 * `fakes`: the in-repo fakes' module, handed in by the server's start-up outside production when
 * no provider is configured (src/server/dev-fakes.ts); services never import it.
 */
export async function createPayments(
  config: Config,
  fakes?: { fakeSecrets: typeof fakeSecrets; startFakeProviders: typeof startFakeProviders },
): Promise<Payments> {
  const origin = config.PUBLIC_ORIGIN ?? `http://localhost:${config.PORT}`
  let fake: FakeProviders | null = null
  let settings = config.payments
  if (settings.fake && config.NODE_ENV !== 'production') {
    if (!fakes) throw new Error('the payment fakes are asked for (PAYMENTS_FAKE) but were not loaded')
    const secrets = fakes.fakeSecrets()
    fake = await fakes.startFakeProviders({ secrets, nodeEnv: config.NODE_ENV })
    fake.setWaveWebhookBase(`${origin}/_api/payments/notify/wave`)
    settings = {
      fake: true,
      cinetpay: { ...secrets.cinetpay, apiUrl: fake.origins.cinetpay },
      wave: { apiUrl: fake.origins.wave, keys: secrets.wave },
    }
  }
  const providers: Payments['providers'] = {}
  if (settings.cinetpay) providers.cinetpay = cinetpayClient(settings.cinetpay)
  if (Object.keys(settings.wave.keys).length > 0) providers.wave = waveClient(settings.wave)
  const inFlight = new Set<Promise<unknown>>()
  return {
    providers,
    configured: { cinetpay: !!providers.cinetpay, waveCountries: Object.keys(settings.wave.keys) },
    origin,
    fake,
    log: { error: () => {} },
    keysAccepted: new Set(),
    track(work) {
      inFlight.add(work)
      void work.finally(() => inFlight.delete(work)).catch(() => {})
      return work
    },
    async idle() {
      for (;;) {
        await fake?.idle()
        if (inFlight.size === 0) return
        await Promise.allSettled([...inFlight])
      }
    },
    async close() {
      await Promise.allSettled([...inFlight])
      await fake?.close()
    },
  }
}
