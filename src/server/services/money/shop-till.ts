import { sql } from 'drizzle-orm'
import { cashDueFor } from '@/shared/domain/cash'
import type { Executor } from '@/server/db/client'
import { shopCashEntries } from '@/server/db/schema'

// docs/rules/pickup.md#the-till: cash taken at a shop's counter when a pickup order is handed over.

/**
 * Writes the cash a pickup order's hand-over takes at the counter (what it still owed: its total
 * less what was paid, the store credit spent included) into its shop's till, in the status
 * change's transaction, the order locked. Nothing is written when nothing was owed.
 */
export async function recordCounterCash(
  tx: Executor,
  order: { id: number; shopId: number | null; countryId: number; totalAmount: number; amountPaid: number },
  actorId: number,
) {
  const due = cashDueFor(order.totalAmount, order.amountPaid)
  if (due <= 0 || order.shopId == null) return
  await tx.insert(shopCashEntries).values({
    shopId: order.shopId,
    countryId: order.countryId,
    orderId: order.id,
    amount: due,
    actorId,
  })
}

/** A day's cash at the counters of a country, per shop: the hand-overs and what they took. */
export async function tillsOfDay(db: Executor, countryId: number, startAt: Date, endAt: Date) {
  const rows = (
    (await db.execute(sql`
      select s.id, s.name, count(e.id) as pickups, coalesce(sum(e.amount), 0) as amount
      from shop_cash_entries e join shops s on s.id = e.shop_id
      where e.country_id = ${countryId} and e.created_at >= ${startAt.toISOString()}::timestamptz
        and e.created_at < ${endAt.toISOString()}::timestamptz
      group by s.id, s.name order by etal_fold(s.name), s.name, s.id`)) as {
      rows: { id: number; name: string; pickups: number; amount: number }[]
    }
  ).rows
  return rows.map((r) => ({
    shopId: Number(r.id),
    shopName: r.name,
    pickups: Number(r.pickups),
    amount: Number(r.amount),
  }))
}
