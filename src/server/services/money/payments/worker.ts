import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm'
import { nextCheckAt } from '@/shared/domain/payments'
import type { Db, Executor } from '@/server/db/client'
import { paymentAttempts } from '@/server/db/schema'
import type { Payments } from './connect'
import { ProviderUnavailable } from './providers/types'
import { CLAIM_LEASE_SECONDS } from './records'
import { applyTruth, confirmAttempt } from './confirmation'

// docs/rules/money.md#payments, "The worker": every attempt not yet paid is asked about until 48
// hours after it expired, so money a provider took late, and never notified, reaches its order.

/** An attempt the worker no longer asks about: its next question never comes. */
const NEVER = new Date('9999-01-01T00:00:00Z')

/**
 * The reconciliation worker (housekeeping): claims attempts whose next question is due (FOR
 * UPDATE SKIP LOCKED and a lease, so one instance at a time asks about one attempt), asks the
 * provider, applies the answer, and sets the next question (`nextCheckAt`): soon, then less
 * often, until the attempt expires; then at lengthening intervals for 48 hours. An attempt closed
 * by the shop (a new total, a new attempt, cash) that the provider still holds open is closed
 * there too (Wave: the session expired).
 */
export async function reconcileDue(db: Db, payments: Payments, limit = 20) {
  const claimed = await db
    .update(paymentAttempts)
    .set({
      nextCheckAt: sql`now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})`,
      checks: sql`${paymentAttempts.checks} + 1`,
    })
    .where(
      inArray(
        paymentAttempts.id,
        db
          .select({ id: paymentAttempts.id })
          .from(paymentAttempts)
          .where(and(watched, lte(paymentAttempts.nextCheckAt, sql`now()`)))
          .orderBy(asc(paymentAttempts.nextCheckAt))
          .limit(limit)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning({ id: paymentAttempts.id })
  let changed = 0
  for (const { id } of claimed) {
    const [a] = await db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.id, Number(id)))
    if (!a || a.status === 'paid' || a.status === 'mismatch') continue
    try {
      if (!a.providerRef) {
        // Never reached the provider (it was down, or the process stopped): nothing to ask.
        if (a.expiresAt.getTime() <= Date.now()) {
          const r = await applyTruth(
            db,
            a.id,
            { state: 'pending', amount: null, currency: null, raw: 'NO_SESSION' },
            'worker',
          )
          if (r.changed) changed++
        }
      } else {
        const r = await confirmAttempt(db, payments, a.provider, a.reference, 'worker')
        if (r.changed) changed++
        const closedHere = r.status === 'expired' || r.status === 'failed'
        if (closedHere && (r.changed || r.truth?.state === 'pending'))
          await payments.providers[a.provider]
            ?.expire?.({ reference: a.reference, providerRef: a.providerRef, countryCode: a.countryCode })
            .catch(() => {})
      }
    } catch (err) {
      if (!(err instanceof ProviderUnavailable)) throw err
    }
    const next = a.providerRef ? nextCheckAt(Date.now(), a.expiresAt.getTime(), a.checks) : null
    await db
      .update(paymentAttempts)
      .set({ nextCheckAt: next === null ? NEVER : new Date(next) })
      .where(
        and(eq(paymentAttempts.id, a.id), inArray(paymentAttempts.status, ['pending', 'failed', 'expired'])),
      )
  }
  return { checked: claimed.length, changed }
}

/** The attempts the worker asks about: not paid, and reached the provider (or still open). */
const watched = and(
  inArray(paymentAttempts.status, ['pending', 'failed', 'expired']),
  sql`(${paymentAttempts.providerRef} is not null or ${paymentAttempts.status} = 'pending')`,
)

/** Attempts whose next question is due (tests and the worker's log). */
export async function pendingDue(db: Executor) {
  const rows = await db
    .select({ id: paymentAttempts.id })
    .from(paymentAttempts)
    .where(and(watched, lte(paymentAttempts.nextCheckAt, sql`now()`)))
  return rows.length
}
