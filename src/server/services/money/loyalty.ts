import type { LoyaltyType } from '@/shared/domain/status-effects'
import { eq, sql } from 'drizzle-orm'
import { executeNamed, type Executor } from '@/server/db/client'
import { loyaltyTransactions, users } from '@/server/db/schema'

/**
 * Moves points and writes the movement in the same statement pair: the balance always equals
 * the sum of the ledger. Call it inside the transaction that causes the movement. A debit
 * larger than the balance fails on the users_points_ck constraint (never below 0): lock the
 * user row first (`lockUser`) when a debit depends on the balance.
 */
export async function movePoints(
  tx: Executor,
  m: { userId: number; orderId?: number | null; type: LoyaltyType; points: number; description: string },
) {
  if (m.points === 0) return
  await tx
    .update(users)
    .set({ loyaltyPoints: sql`${users.loyaltyPoints} + ${m.points}` })
    .where(eq(users.id, m.userId))
  await tx.insert(loyaltyTransactions).values({
    userId: m.userId,
    orderId: m.orderId ?? null,
    transactionType: m.type,
    points: m.points,
    description: m.description,
  })
}

/** Locks a user's row for the rest of the transaction and returns its balance. */
export async function lockUser(tx: Executor, userId: number) {
  const [row] = await executeNamed<{ loyalty_points: number; custom_discount_percent: string | null }>(
    tx,
    'lock_user',
    sql`select loyalty_points, custom_discount_percent from users where id = ${userId} for update`,
  )
  return row
    ? {
        loyaltyPoints: Number(row.loyalty_points),
        customDiscountPercent:
          row.custom_discount_percent == null ? null : Number(row.custom_discount_percent),
      }
    : null
}
