import { and, count, eq, sql } from 'drizzle-orm'
import type { OrderStatus } from '@/shared/domain/order-status'
import type { Db, Executor } from '@/server/db/client'
import { doorRefusals, orders } from '@/server/db/schema'
import { conflict, notFound } from '@/server/http/errors'
import { ALREADY_CONFIRMED, NOTHING_TO_CONFIRM } from './confirm-link'
import { ORDER_NOT_FOUND } from './order-admin'
import { waitsForClient } from '@/shared/domain/confirmation'

/** docs/rules/confirmation.md#confirmation */
export const TO_CONFIRM = 'Commande à confirmer par le client avant la préparation.'

/**
 * docs/rules/confirmation.md#confirmation: whether an order being written waits for its client's
 * confirmation, in the checkout's statement: paid at the door (cash) and either its delivery
 * phone has a refusal at the door on record, or its total is above the country's `confirm_above`.
 */
export const needsConfirmationSql = (v: {
  paymentMethod: string
  deliveryPhone: string
  totalAmount: number
  countryId: number
}) => sql`(${v.paymentMethod}::text = 'cash' and (
    exists (select 1 from door_refusals r where r.phone = ${v.deliveryPhone}::text)
    or coalesce(${v.totalAmount}::int > (select c.confirm_above from countries c where c.id = ${v.countryId}::int), false)))`

/**
 * docs/rules/confirmation.md#confirmation: an unconfirmed order waiting for its client's word
 * moves only to cancelled (or stays pending): checked on the locked row by `changeOrderStatus`.
 */
export function assertConfirmed(
  order: { needsConfirmation: boolean; confirmedAt: Date | null },
  to: OrderStatus,
) {
  if (waitsForClient(order) && to !== 'cancelled' && to !== 'pending') throw conflict(TO_CONFIRM)
}

/** Staff called the client, who confirmed ("Confirmé par téléphone"). */
export async function confirmByPhone(db: Db, staffId: number, orderId: number) {
  const [row] = await db
    .update(orders)
    .set({ confirmedAt: sql`now()`, confirmedBy: 'phone', confirmedById: staffId, updatedAt: sql`now()` })
    .where(
      and(eq(orders.id, orderId), eq(orders.needsConfirmation, true), sql`${orders.confirmedAt} is null`),
    )
    .returning({ id: orders.id })
  if (!row) {
    const [order] = await db
      .select({ needs: orders.needsConfirmation })
      .from(orders)
      .where(eq(orders.id, orderId))
    if (!order) throw notFound(ORDER_NOT_FOUND)
    throw conflict(order.needs ? ALREADY_CONFIRMED : NOTHING_TO_CONFIRM)
  }
}

/** What staff see of a delivery phone on the order page: its delivered orders and refusals. */
export async function phoneRecord(db: Executor, phone: string) {
  const [[delivered], [refused]] = await Promise.all([
    db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.deliveryPhone, phone), eq(orders.status, 'delivered'))),
    db.select({ n: count() }).from(doorRefusals).where(eq(doorRefusals.phone, phone)),
  ])
  return { phone, delivered: delivered?.n ?? 0, refused: refused?.n ?? 0 }
}
