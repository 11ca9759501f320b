import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '@/server/db/client'
import { giftVouchers, paymentAttempts } from '@/server/db/schema'
import { notFound } from '@/server/http/errors'
import type { Payments } from '../payments/connect'
import { confirmAttempt } from '../payments/confirmation'
import { ProviderUnavailable } from '../payments/providers/types'
import { attemptView } from '../payments/records'
import type { Voucher } from './payment'

// docs/rules/gift-vouchers.md#buying: what the buyer's waiting page reads.

/** The buyer's voucher and its latest attempt, as the waiting page reads them (another's 404). */
export async function voucherState(db: Db, payments: Payments, buyerId: number, id: number, gapMs = 3_000) {
  const [v] = await db
    .select()
    .from(giftVouchers)
    .where(and(eq(giftVouchers.id, id), eq(giftVouchers.buyerId, buyerId)))
  if (!v) throw notFound('Bon cadeau non trouvé')
  // The waiting page asks the provider (claimed by a conditional update: many polls, one question).
  if (v.status === 'pending') {
    const [claimed] = await db
      .update(paymentAttempts)
      .set({ updatedAt: sql`now()` })
      .where(
        and(
          eq(paymentAttempts.voucherId, id),
          eq(paymentAttempts.status, 'pending'),
          sql`${paymentAttempts.providerRef} is not null`,
          sql`${paymentAttempts.updatedAt} < now() - make_interval(secs => ${gapMs / 1000})`,
        ),
      )
      .returning()
    if (claimed)
      await confirmAttempt(db, payments, claimed.provider, claimed.reference, 'client').catch((err) => {
        if (!(err instanceof ProviderUnavailable)) throw err
      })
  }
  const [now] = await db.select().from(giftVouchers).where(eq(giftVouchers.id, id))
  const [attempt] = await db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.voucherId, id))
    .orderBy(desc(paymentAttempts.id))
    .limit(1)
  return { voucher: voucherView(now!), attempt: attempt ? attemptView(attempt, now!.amount) : null }
}

export const voucherView = (v: Voucher) => ({
  id: v.id,
  amount: v.amount,
  recipientName: v.recipientName,
  recipientPhone: v.recipientPhone,
  message: v.message,
  status: v.status,
  paidAt: v.paidAt?.toISOString() ?? null,
  redeemedAt: v.redeemedAt?.toISOString() ?? null,
  createdAt: v.createdAt.toISOString(),
})
