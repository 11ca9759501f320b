import { asc, desc, eq, sql } from 'drizzle-orm'
import type { Executor } from '@/server/db/client'
import { orders, paymentAttempts, paymentEvents, paymentNotifications } from '@/server/db/schema'
import { notFound } from '@/server/http/errors'
import { attemptView } from './records'

// docs/rules/money.md#payments: what the pages read of an order's payment.

/** Longest raw body shown on the staff page (the whole is kept in the database). */
const SHOWN_BODY = 4_000

/**
 * The attempts, payment events and notifications as received of an order (the staff order page's
 * payment history, for disputes): newest attempt first, events and notifications oldest first.
 */
export async function orderPayments(db: Executor, orderId: number) {
  const [order] = await db
    .select({ total: orders.totalAmount, amountPaid: orders.amountPaid })
    .from(orders)
    .where(eq(orders.id, orderId))
  if (!order) throw notFound('Commande non trouvée')
  const attempts = await db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.orderId, orderId))
    .orderBy(desc(paymentAttempts.id))
  const events = await db
    .select({
      id: paymentEvents.id,
      attemptId: paymentEvents.attemptId,
      type: paymentEvents.type,
      provider: paymentEvents.provider,
      providerStatus: paymentEvents.providerStatus,
      detail: paymentEvents.detail,
      actorId: paymentEvents.actorId,
      actorName: sql<string | null>`(select display_name from users where id = ${paymentEvents.actorId})`,
      createdAt: paymentEvents.createdAt,
    })
    .from(paymentEvents)
    .where(eq(paymentEvents.orderId, orderId))
    .orderBy(asc(paymentEvents.id))
  const notifications = await db
    .select({
      id: paymentNotifications.id,
      provider: paymentNotifications.provider,
      attemptId: paymentNotifications.attemptId,
      eventId: paymentNotifications.eventId,
      eventType: paymentNotifications.eventType,
      signature: paymentNotifications.signature,
      rawBody: sql<string>`left(${paymentNotifications.rawBody}, ${SHOWN_BODY})`,
      receivedAt: paymentNotifications.receivedAt,
    })
    .from(paymentNotifications)
    .where(eq(paymentNotifications.orderId, orderId))
    .orderBy(asc(paymentNotifications.id))
  const owed = order.total - order.amountPaid
  return {
    total: order.total,
    amountPaid: order.amountPaid,
    attempts: attempts.map((a) => attemptView(a, owed)),
    events,
    notifications,
  }
}

/** The order's payment as the waiting page and the driver's card read it: its state and latest attempt. */
export async function paymentState(db: Executor, orderId: number) {
  const [order] = await db
    .select({
      orderId: orders.id,
      paymentStatus: orders.paymentStatus,
      paymentMethod: orders.paymentMethod,
      paymentWallet: orders.paymentWallet,
      totalAmount: orders.totalAmount,
      amountPaid: orders.amountPaid,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
  if (!order) throw notFound('Commande non trouvée')
  const [latest] = await db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.orderId, orderId))
    .orderBy(desc(paymentAttempts.id))
    .limit(1)
  return {
    ...order,
    attempt: latest ? attemptView(latest, order.totalAmount - order.amountPaid) : null,
  }
}
