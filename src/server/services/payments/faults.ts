import { and, eq, sql } from 'drizzle-orm'
import type { PaymentProvider } from '@/shared/domain/payments'
import type { Executor } from '@/server/db/client'
import { paymentProviderFaults } from '@/server/db/schema'
import type { Payments } from './index'
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

/** The faults staff see: each refused key, with when it was first and last refused. */
export async function providerFaults(db: Executor) {
  return db
    .select()
    .from(paymentProviderFaults)
    .orderBy(paymentProviderFaults.provider, paymentProviderFaults.countryCode)
}
