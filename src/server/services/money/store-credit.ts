import { and, desc, eq, sql } from 'drizzle-orm'
import { formatMoney } from '@/shared/format'
import { executeNamed, type Executor } from '@/server/db/client'
import { orders, storeCreditBalances, storeCreditEntries, type CreditKind } from '@/server/db/schema'
import { conflict } from '@/server/http/errors'

// docs/rules/store-credit.md (decision 0077): a client's store credit (avoir), per country, an
// append-only ledger whose sum is the balance kept beside it.

export const NOT_ENOUGH_CREDIT = 'Avoir insuffisant pour ce retrait.'

/** One movement: who it is for, where, how much (signed), why, who made it. */
export type CreditMove = {
  userId: number
  countryId: number
  amount: number
  kind: CreditKind
  reason: string
  actorId: number | null
  orderId?: number | null
  attemptId?: number | null
}

/**
 * Moves store credit and writes its ledger row, in the caller's transaction. A credit adds to the
 * balance (created at its first one); a debit is one conditional update of the balance's row,
 * which waits on a concurrent one and never takes it below 0: without room, 409 `refusal` and
 * nothing is written. Returns the balance after.
 */
export async function moveCredit(tx: Executor, m: CreditMove, refusal = NOT_ENOUGH_CREDIT) {
  if (!Number.isInteger(m.amount) || m.amount === 0) throw new Error('a credit movement moves a whole amount')
  const [row] = await executeNamed<{ balance: number }>(
    tx,
    m.amount > 0 ? 'credit_add' : 'credit_take',
    m.amount > 0
      ? sql`insert into store_credit_balances as b (user_id, country_id, balance)
          values (${m.userId}::int, ${m.countryId}::int, ${m.amount}::int)
          on conflict (user_id, country_id) do update set balance = b.balance + excluded.balance, updated_at = now()
          returning balance`
      : sql`update store_credit_balances set balance = balance + ${m.amount}::int, updated_at = now()
          where user_id = ${m.userId}::int and country_id = ${m.countryId}::int and balance + ${m.amount}::int >= 0
          returning balance`,
  )
  if (!row) throw conflict(refusal)
  const balanceAfter = Number(row.balance)
  await tx.insert(storeCreditEntries).values({
    userId: m.userId,
    countryId: m.countryId,
    amount: m.amount,
    kind: m.kind,
    reason: m.reason,
    actorId: m.actorId,
    orderId: m.orderId ?? null,
    attemptId: m.attemptId ?? null,
    balanceAfter,
  })
  return balanceAfter
}

/** A client's balance row in a country. */
const balanceOf = (db: Executor, userId: number, countryId: number) =>
  db
    .select({ balance: storeCreditBalances.balance })
    .from(storeCreditBalances)
    .where(and(eq(storeCreditBalances.userId, userId), eq(storeCreditBalances.countryId, countryId)))

/** A client's balance in a country, its row locked for the rest of the transaction (0 without one). */
export async function holdCreditBalance(tx: Executor, userId: number, countryId: number) {
  const [row] = await balanceOf(tx, userId, countryId).for('update')
  return row?.balance ?? 0
}

/** A client's balance in a country, as it stands (0 without one). */
export async function creditBalanceIn(db: Executor, userId: number, countryId: number) {
  const [row] = await balanceOf(db, userId, countryId)
  return row?.balance ?? 0
}

/** What the client reads: its balance per country and its latest movements (newest first). */
export async function creditStatement(db: Executor, userId: number, limit = 50) {
  const [balances, entries] = await Promise.all([
    executeNamed<{ countryId: number; country: string; balance: number }>(
      db,
      'credit_balances',
      sql`select b.country_id as "countryId", c.name as country, b.balance
        from store_credit_balances b join countries c on c.id = b.country_id
        where b.user_id = ${userId}::int order by etal_fold(c.name), c.name`,
    ),
    db
      .select({
        id: storeCreditEntries.id,
        amount: storeCreditEntries.amount,
        kind: storeCreditEntries.kind,
        reason: storeCreditEntries.reason,
        orderId: storeCreditEntries.orderId,
        balanceAfter: storeCreditEntries.balanceAfter,
        createdAt: storeCreditEntries.createdAt,
      })
      .from(storeCreditEntries)
      .where(eq(storeCreditEntries.userId, userId))
      .orderBy(desc(storeCreditEntries.id))
      .limit(limit),
  ])
  return {
    balance: balances.reduce((sum, b) => sum + Number(b.balance), 0),
    balances: balances.map((b) => ({ ...b, balance: Number(b.balance) })),
    entries: entries.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
  }
}

/** The reason written when an order's credit comes back. */
export const creditReturnedReason = (orderId: number, why: 'cancelled' | 'weighed') =>
  why === 'cancelled'
    ? `Commande #${orderId} annulée : avoir rendu`
    : `Commande #${orderId} pesée moins chère : avoir rendu`

export const creditRefundReason = (orderId: number, amount: number, wallet: string | null) =>
  `Remboursement de la commande #${orderId} en avoir (${formatMoney(amount)}${wallet ? `, payé par ${wallet}` : ''})`

/**
 * docs/rules/store-credit.md#spending: the store credit an order spent comes back when it is
 * cancelled, and is spent again when it leaves cancelled (409 when the client has spent it since).
 * Called by the one status change, the order locked, before the client's row is (lock order:
 * order, credit balance, user).
 */
export async function orderCreditOnStatus(
  tx: Executor,
  order: { id: number; userId: number; countryId: number; creditUsed: number },
  from: string,
  to: string,
  actorId: number,
) {
  if (order.creditUsed <= 0) return
  const base = { userId: order.userId, countryId: order.countryId, orderId: order.id, actorId }
  if (to === 'cancelled')
    await moveCredit(tx, {
      ...base,
      amount: order.creditUsed,
      kind: 'returned',
      reason: creditReturnedReason(order.id, 'cancelled'),
    })
  else if (from === 'cancelled')
    await moveCredit(
      tx,
      {
        ...base,
        amount: -order.creditUsed,
        kind: 'spent',
        reason: `Utilisé de nouveau pour la commande #${order.id}`,
      },
      'Le client a déjà dépensé l’avoir rendu par cette commande : impossible de la réactiver.',
    )
}

/**
 * docs/rules/store-credit.md#spending: an order weighed below what it received gives the excess
 * back to the store credit it spent first (at most that), before it writes its new amount paid.
 * Returns what went back.
 */
export async function returnExcessCredit(
  tx: Executor,
  order: { id: number; userId: number; countryId: number; creditUsed: number },
  excess: number,
  actorId: number,
) {
  const back = Math.min(excess, order.creditUsed)
  if (back <= 0) return 0
  await moveCredit(tx, {
    userId: order.userId,
    countryId: order.countryId,
    orderId: order.id,
    actorId,
    amount: back,
    kind: 'returned',
    reason: creditReturnedReason(order.id, 'weighed'),
  })
  await tx
    .update(orders)
    .set({ creditUsed: sql`${orders.creditUsed} - ${back}::int` })
    .where(eq(orders.id, order.id))
  return back
}
