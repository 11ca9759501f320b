import { eq, sql } from 'drizzle-orm'
import { offeredWallets, type OfferedWallet, type PaymentMethod } from '@/shared/domain/payments'
import { AWAITING_PAYMENT_FOR_DELIVERY, awaitsPaymentForDelivery } from '@/shared/domain/payable'
import type { Db, Executor } from '@/server/db/client'
import { countries, orders } from '@/server/db/schema'
import { badRequest, conflict } from '@/server/http/errors'
import type { Payments } from './connect'
import { type OrderRow, PARTLY_PAID_REST, lockOrder, orderPaymentEvent, recordPaymentEvent } from './records'
import { closeAtProviders, closeOpenAttempts } from './settle'

// docs/rules/money.md#payments, "Which wallets" and "The order": the payment method, chosen at
// checkout or changed later, and the gate it puts before delivery.

/** The wallets a country offers (its list, a configured provider taking each). */
export async function walletsOfCountry(
  db: Executor,
  payments: Payments,
  countryId: number | null,
): Promise<OfferedWallet[]> {
  if (countryId == null) return []
  const [country] = await db
    .select({
      code: countries.code,
      currency: countries.currency,
      mobileMoneyProviders: countries.mobileMoneyProviders,
    })
    .from(countries)
    .where(eq(countries.id, countryId))
  return country ? offeredWallets(country, payments.configured) : []
}

/**
 * The payment chosen at checkout, checked against what the client's country offers (400 with
 * the field otherwise). Cash needs nothing.
 */
export async function resolvePaymentChoice(
  db: Executor,
  payments: Payments,
  countryId: number | null,
  choice: { paymentMethod?: PaymentMethod; paymentWallet?: string | null },
): Promise<{ method: PaymentMethod; wallet: string | null }> {
  if ((choice.paymentMethod ?? 'cash') === 'cash') return { method: 'cash', wallet: null }
  const offered = await walletsOfCountry(db, payments, countryId)
  if (offered.length === 0) {
    const message = 'Le paiement par mobile money n’est pas proposé dans votre pays.'
    throw badRequest(message, { paymentMethod: [message] })
  }
  const wallet = offered.find((w) => w.wallet === choice.paymentWallet)
  if (!wallet) {
    const message = 'Choisissez un portefeuille mobile money proposé dans votre pays.'
    throw badRequest(message, { paymentWallet: [message] })
  }
  return { method: 'mobile_money', wallet: wallet.wallet }
}

/**
 * Switches an unpaid order's method: to cash (the client, or staff with a reason when the client
 * pays cash at the door), or back to mobile money. Open attempts are closed at the provider
 * where it can (a payment that still arrives is kept: it is money received).
 */
export async function setPaymentMethod(
  db: Db,
  payments: Payments,
  actorId: number,
  orderId: number,
  to: { method: PaymentMethod; wallet?: string | null; reason?: string },
) {
  const closing = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId)
    if (order.status === 'cancelled' || order.status === 'delivered')
      throw conflict('Le mode de paiement de cette commande ne peut plus changer.')
    if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded')
      throw conflict('Cette commande est déjà payée.')
    if (order.paymentStatus === 'partly_paid') throw conflict(PARTLY_PAID_REST)
    let wallet: string | null = null
    if (to.method === 'mobile_money') {
      const chosen = await resolvePaymentChoice(tx, payments, order.countryId, {
        paymentMethod: 'mobile_money',
        paymentWallet: to.wallet,
      })
      wallet = chosen.wallet
    }
    const open =
      to.method === 'cash' ? await closeOpenAttempts(tx, order.id, actorId, 'passage en espèces') : []
    await tx
      .update(orders)
      .set({
        paymentMethod: to.method,
        paymentWallet: wallet,
        paymentStatus: 'pending',
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, order.id))
    await orderPaymentEvent(tx, order.id, actorId, order.paymentStatus, 'pending')
    await recordPaymentEvent(tx, {
      orderId: order.id,
      actorId,
      type: 'method_changed',
      detail: `${to.method}${wallet ? ` (${wallet})` : ''}${to.reason ? ` — ${to.reason}` : ''}`,
    })
    return open
  })
  await closeAtProviders(payments, closing)
}

/**
 * The gate of changeOrderStatus: an order chosen for mobile money leaves for delivery only paid,
 * or once it has received money (an old attempt, a total weighed again): the driver asks the rest
 * at the door (docs/rules/money.md#payments, "Bound to the order").
 */
export function assertPaidForDelivery(
  order: Pick<OrderRow, 'status' | 'paymentMethod' | 'paymentStatus' | 'amountPaid'>,
  to: string,
) {
  if (awaitsPaymentForDelivery(order, to)) throw conflict(AWAITING_PAYMENT_FOR_DELIVERY)
}
