import { and, eq, or, sql } from 'drizzle-orm'
import { paymentProviderLabels, type PaymentProvider } from '@/shared/domain/payments'
import type { Executor } from '@/server/db/client'
import { countries, paymentProviderFaults } from '@/server/db/schema'
import type { Payments } from './connect'
import { ProviderKeyRefused } from './providers/types'

// docs/rules/money.md#payments, "A refused key": a provider answering 401/403 (or its own word for
// a bad key) is a configuration fault, not an outage. It is kept (one row per provider and
// country), shown to staff ("Clé Wave refusée pour le Sénégal") and logged once, when first seen;
// the next call that the provider accepts with that key clears it.

const faultKey = (provider: PaymentProvider, countryCode: string) => `${provider}:${countryCode}`

/** Runs one call to a provider for a country's key, keeping its fault (refused key) up to date. */
export async function watchKey<T>(
  db: Executor,
  payments: Payments,
  who: { provider: PaymentProvider; countryCode: string },
  call: () => Promise<T>,
): Promise<T> {
  // CinetPay has one contract for every country: its fault is the contract's ('').
  const countryCode = who.provider === 'cinetpay' ? '' : who.countryCode
  const key = faultKey(who.provider, countryCode)
  let answer: T
  try {
    answer = await call()
  } catch (err) {
    if (err instanceof ProviderKeyRefused) {
      payments.keysAccepted.delete(key)
      const inserted = await db
        .insert(paymentProviderFaults)
        .values({ provider: who.provider, countryCode, detail: err.detail })
        .onConflictDoNothing()
        .returning({ provider: paymentProviderFaults.provider })
      if (inserted.length > 0)
        payments.log.error(
          { provider: who.provider, countryCode: countryCode || null, detail: err.detail },
          'payment provider refused the key: configuration fault',
        )
      else
        await db
          .update(paymentProviderFaults)
          .set({ lastAt: sql`now()`, detail: err.detail })
          .where(
            and(
              eq(paymentProviderFaults.provider, who.provider),
              eq(paymentProviderFaults.countryCode, countryCode),
            ),
          )
    }
    throw err
  }
  // Accepted: a fault kept for this key (by this instance or another) is over. Asked once per
  // process and key, not at every call.
  if (!payments.keysAccepted.has(key)) {
    payments.keysAccepted.add(key)
    await db
      .delete(paymentProviderFaults)
      .where(
        and(
          eq(paymentProviderFaults.provider, who.provider),
          eq(paymentProviderFaults.countryCode, countryCode),
        ),
      )
  }
  return answer
}

/** "le Sénégal", "la Côte d’Ivoire": a country named after "pour". */
const FEMININE = new Set(['CI', 'GN', 'CD', 'CG', 'CF', 'GQ', 'GW', 'MR', 'SL', 'GM'])
const inCountry = (code: string, name: string) => (FEMININE.has(code) ? `la ${name}` : `le ${name}`)

/**
 * The refused keys staff see (docs/rules/money.md#payments, "A refused key"): CinetPay's contract
 * (every country) and, for a country, its own Wave key; all of them when `countryCode` is null
 * (root). Each with a French sentence: "Clé Wave refusée pour le Sénégal".
 */
export async function providerFaults(db: Executor, countryCode: string | null) {
  const rows = await db
    .select({
      provider: paymentProviderFaults.provider,
      countryCode: paymentProviderFaults.countryCode,
      countryName: countries.name,
      detail: paymentProviderFaults.detail,
      firstAt: paymentProviderFaults.firstAt,
      lastAt: paymentProviderFaults.lastAt,
    })
    .from(paymentProviderFaults)
    .leftJoin(countries, eq(countries.code, paymentProviderFaults.countryCode))
    .where(
      countryCode === null
        ? undefined
        : or(eq(paymentProviderFaults.countryCode, ''), eq(paymentProviderFaults.countryCode, countryCode)),
    )
    .orderBy(paymentProviderFaults.provider, paymentProviderFaults.countryCode)
  return rows.map((f) => ({
    provider: f.provider,
    countryCode: f.countryCode || null,
    message: `Clé ${paymentProviderLabels[f.provider]} refusée${
      f.countryCode ? ` pour ${inCountry(f.countryCode, f.countryName ?? f.countryCode)}` : ''
    } (${f.detail}) : aucun paiement ${paymentProviderLabels[f.provider]} ne passe. Vérifiez la clé dans la configuration du serveur, puis lancez npm run doctor.`,
    firstAt: f.firstAt,
    lastAt: f.lastAt,
  }))
}
