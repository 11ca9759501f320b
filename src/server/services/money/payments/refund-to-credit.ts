import { and, eq, lte, or, sql } from 'drizzle-orm'
import { formatMoney } from '@/shared/format'
import type { Db } from '@/server/db/client'
import { orders, paymentAttempts } from '@/server/db/schema'
import { conflict, notFound } from '@/server/http/errors'
import { creditRefundReason, moveCredit } from '../store-credit'
import { recordPaymentEvent } from './records'

// docs/rules/store-credit.md#refund-to-credit (decision 0077): the client of a cancelled order
// takes what is still to be given back as store credit, at once, instead of waiting for its wallet.

export const NOTHING_TO_CREDIT = 'Aucun remboursement en attente pour cette commande.'
export const ONLY_CANCELLED = 'Seule une commande annulée peut être remboursée en avoir.'

/**
 * Every refund of the client's own cancelled order not yet made becomes store credit: those staff
 * are to make by hand ('to_do'), and those asked of a provider's API ('requested') that its worker
 * has not claimed (a claimed one may be on its way to the wallet: it is left to finish). Each
 * attempt is done by a conditional update under its row lock, so the worker and a second tap
 * find nothing left. Another client's order answers 404; nothing to give back 409.
 */
export async function refundToCredit(db: Db, userId: number, orderId: number) {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
    if (!order || order.userId !== userId) throw notFound('Commande non trouvée')
    if (order.status !== 'cancelled') throw conflict(ONLY_CANCELLED)
    const waiting = await tx
      .select()
      .from(paymentAttempts)
      .where(
        and(
          eq(paymentAttempts.orderId, orderId),
          eq(paymentAttempts.status, 'paid'),
          or(
            eq(paymentAttempts.refundStatus, 'to_do'),
            and(eq(paymentAttempts.refundStatus, 'requested'), lte(paymentAttempts.nextCheckAt, sql`now()`)),
          ),
        ),
      )
      .orderBy(paymentAttempts.id)
      .for('update')
    let credited = 0
    for (const a of waiting) {
      const [done] = await tx
        .update(paymentAttempts)
        .set({ refundStatus: 'done', updatedAt: sql`now()` })
        .where(and(eq(paymentAttempts.id, a.id), eq(paymentAttempts.refundStatus, a.refundStatus!)))
        .returning({ id: paymentAttempts.id })
      if (!done) continue
      const amount = a.refundAmount ?? a.amount
      await recordPaymentEvent(tx, {
        orderId,
        attemptId: a.id,
        actorId: userId,
        provider: a.provider,
        type: 'refund_to_credit',
        detail: `rendu en avoir à la demande du client : ${formatMoney(amount)}`,
      })
      await moveCredit(tx, {
        userId,
        countryId: order.countryId,
        amount,
        kind: 'refund',
        orderId,
        attemptId: a.id,
        actorId: userId,
        reason: creditRefundReason(orderId, amount, a.wallet),
      })
      credited += amount
    }
    if (credited === 0) throw conflict(NOTHING_TO_CREDIT)
    return { credited }
  })
}
