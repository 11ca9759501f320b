import { sql, type SQL } from 'drizzle-orm'
import type { OrderStatus, PaymentStatus } from '@/shared/domain/order-status'
import type { Executor } from '@/server/db/client'
import { orderEvents } from '@/server/db/schema'

/**
 * The one writer of an order's history (docs/rules/orders.md#order-status): who changed what, when.
 * Every change of status, payment or driver goes through `recordOrderEvents` in the transaction
 * that makes it; checkout, which writes a whole order in one statement, takes its 'created'
 * event from `createdEventInsert`.
 */
export type OrderEvent =
  | { type: 'status'; from: OrderStatus; to: OrderStatus }
  | { type: 'payment'; from: PaymentStatus; to: PaymentStatus }
  | { type: 'driver'; from: string | null; to: string }
  // docs/rules/orders.md#weigh-in: a line's product and quantities ("Gigot|1.5" → "1.62"), the total
  // (francs) before and after, and the client's agreement (awaiting, accepted, refused, phone).
  | { type: 'weighing'; from: string; to: string }
  | { type: 'total'; from: string; to: string }
  | { type: 'approval'; from: string | null; to: 'awaiting' | 'accepted' | 'refused' | 'phone' }

export async function recordOrderEvents(
  tx: Executor,
  orderId: number,
  actorId: number,
  events: readonly OrderEvent[],
) {
  if (events.length === 0) return
  await tx
    .insert(orderEvents)
    .values(events.map((e) => ({ orderId, actorId, type: e.type, fromValue: e.from, toValue: e.to })))
}

/** The 'created' event of checkout's statement, for the order of its CTE `new_order`. */
export const createdEventInsert = (actorId: number): SQL =>
  sql`insert into order_events (order_id, actor_id, type, to_value) select new_order.id, ${actorId}::int, 'created', 'pending' from new_order`
