import { and, eq } from 'drizzle-orm'
import type { PaymentProvider } from '@/shared/domain/payments'
import type { Executor } from '@/server/db/client'
import { paymentAttempts, paymentNotifications } from '@/server/db/schema'

// docs/rules/money.md#payments, "Notifications kept": every notification whose signature is good
// is kept as it arrived (raw body, signature header, the provider's event id and type, when),
// before it prompts anything, for disputes. Only appended to (a trigger refuses any other change).

/** The provider's own id and type of an event, when its body says them (Wave's JSON events). */
function eventOf(provider: PaymentProvider, rawBody: string) {
  if (provider !== 'wave') return { eventId: null, eventType: null }
  try {
    const body = JSON.parse(rawBody) as { id?: unknown; type?: unknown }
    return {
      eventId: typeof body.id === 'string' ? body.id.slice(0, 200) : null,
      eventType: typeof body.type === 'string' ? body.type.slice(0, 200) : null,
    }
  } catch {
    return { eventId: null, eventType: null }
  }
}

/**
 * Keeps one notification, bound to its attempt and order when it names one of ours. `replay`:
 * the very same body was received before for that attempt (a provider's retry, or a captured
 * notification sent again: CinetPay's carry no timestamp). It prompted its question then; it
 * prompts none now.
 */
export async function keepNotification(
  db: Executor,
  n: {
    provider: PaymentProvider
    countryCode: string | null
    reference: string | null
    rawBody: string
    signature: string | null
  },
) {
  const [attempt] = n.reference
    ? await db
        .select({ id: paymentAttempts.id, orderId: paymentAttempts.orderId })
        .from(paymentAttempts)
        .where(and(eq(paymentAttempts.provider, n.provider), eq(paymentAttempts.reference, n.reference)))
    : []
  const [seen] = attempt
    ? await db
        .select({ id: paymentNotifications.id })
        .from(paymentNotifications)
        .where(
          and(eq(paymentNotifications.attemptId, attempt.id), eq(paymentNotifications.rawBody, n.rawBody)),
        )
        .limit(1)
    : []
  await db.insert(paymentNotifications).values({
    provider: n.provider,
    countryCode: n.countryCode,
    ...eventOf(n.provider, n.rawBody),
    reference: n.reference,
    orderId: attempt?.orderId ?? null,
    attemptId: attempt?.id ?? null,
    rawBody: n.rawBody,
    signature: n.signature,
  })
  return { replay: seen !== undefined }
}
