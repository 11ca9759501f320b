import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { type AttemptStatus, type PaymentProvider } from '@/shared/domain/payments'
import type { PaymentStatus } from '@/shared/domain/order-status'
import type { Executor } from '@/server/db/client'
import { orderEvents, orders, paymentAttempts, paymentEvents } from '@/server/db/schema'
import { notFound } from '@/server/http/errors'

// docs/rules/money.md#payments: the server decides. An attempt is created here, confirmed only from
// the provider's status query (prompted by a notification, the client's waiting page or the
// worker), and every change is a payment event.

export type Attempt = typeof paymentAttempts.$inferSelect
export type OrderRow = typeof orders.$inferSelect
export type Via = 'notification' | 'worker' | 'client' | 'staff'

/** docs/rules/money.md#payments, "A refused key": the client is told the service is off, staff why. */
export const PROVIDER_KEY_MESSAGE =
  'Le paiement par mobile money est indisponible pour le moment : la boutique en est avertie. Rien n’a été débité : réglez en espèces ou réessayez plus tard.'
export const PROVIDER_DOWN_MESSAGE =
  'Le service de paiement ne répond pas pour le moment. Rien n’a été débité : réessayez dans un instant.'
export const PROVIDER_RETRY_AFTER = 30

/** One payment event, appended (the table refuses any other change). */
export async function recordPaymentEvent(
  tx: Executor,
  e: {
    /** What the payment is for: an order, or a campaign's reservation (decision 0066). */
    orderId: number | null
    reservationId?: number | null
    /** A gift voucher's payment (decision 0078). */
    voucherId?: number | null
    attemptId?: number | null
    actorId?: number | null
    provider?: PaymentProvider | null
    type: string
    providerStatus?: string | null
    detail?: string | null
  },
) {
  await tx.insert(paymentEvents).values({
    orderId: e.orderId,
    reservationId: e.reservationId ?? null,
    voucherId: e.voucherId ?? null,
    attemptId: e.attemptId ?? null,
    actorId: e.actorId ?? null,
    provider: e.provider ?? null,
    type: e.type,
    providerStatus: e.providerStatus ?? null,
    detail: e.detail ?? null,
  })
}

/** The order's history gets the payment's change too (who: the actor, or none for a provider). */
export async function orderPaymentEvent(
  tx: Executor,
  orderId: number,
  actorId: number | null,
  from: PaymentStatus,
  to: PaymentStatus,
) {
  if (from === to) return
  await tx.insert(orderEvents).values({ orderId, actorId, type: 'payment', fromValue: from, toValue: to })
}

/** docs/rules/money.md#partly-paid: what a partly paid order answers to a mobile money payment. */
export const PARTLY_PAID_REST =
  'Cette commande a déjà été payée en partie : le reste se règle en espèces, au livreur ou à la boutique.'

export const lockOrder = async (tx: Executor, orderId: number) => {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
  if (!order) throw notFound('Commande non trouvée')
  return order
}

/** A new attempt's reference: the order and a random part, letters and digits only (CinetPay's transaction id). */
export const newReference = (orderId: number) =>
  `ETAL${orderId}X${randomBytes(6).toString('hex').toUpperCase()}`

export type AttemptView = {
  id: number
  reference: string
  provider: PaymentProvider
  wallet: string | null
  amount: number
  currency: string
  rounding: number
  status: AttemptStatus
  checkoutUrl: string | null
  expiresAt: Date
  refundStatus: Attempt['refundStatus']
  refundAmount: number | null
  createdAt: Date
}

/**
 * An attempt as the pages read it. `owed`: what its order owes now; the rounding shown is what
 * CinetPay's multiple of 5 took off it (the shop gives it), never more than 4 F.
 */
export const attemptView = (a: Attempt, owed: number): AttemptView => ({
  id: a.id,
  reference: a.reference,
  provider: a.provider,
  wallet: a.wallet,
  amount: a.amount,
  currency: a.currency,
  rounding: a.provider === 'cinetpay' ? Math.min(4, Math.max(0, owed - a.amount)) : 0,
  status: a.status,
  checkoutUrl: a.checkoutUrl,
  expiresAt: a.expiresAt,
  refundStatus: a.refundStatus,
  refundAmount: a.refundAmount,
  createdAt: a.createdAt,
})

export const setAttempt = (tx: Executor, id: number, status: AttemptStatus) =>
  tx
    .update(paymentAttempts)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(paymentAttempts.id, id))

export const CLAIM_LEASE_SECONDS = 60
