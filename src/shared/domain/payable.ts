import type { OrderStatus, PaymentStatus } from './order-status'
import type { PaymentMethod } from './payments'
import { amountOwed } from './status-effects'
import type { WeighApproval } from './weighin'

/** The refusal of an order chosen for mobile money leaving for delivery unpaid (409). */
export const AWAITING_PAYMENT_FOR_DELIVERY =
  'La commande ne peut pas partir en livraison : elle doit être payée par mobile money, ou passée en espèces.'

/**
 * docs/rules/money.md#payments ("Bound to the order"): whether a change of status to `to` waits for
 * the order's payment. An order chosen for mobile money leaves for delivery (or is delivered) only
 * paid, or once it has received money (an old attempt, a total weighed again: the driver asks the
 * rest at the door). The server's gate (assertPaidForDelivery) and the staff's status list (the
 * option marked '(paiement attendu)' and disabled) both ask this.
 */
export function awaitsPaymentForDelivery(
  order: {
    status: OrderStatus
    paymentMethod: PaymentMethod
    paymentStatus: PaymentStatus
    amountPaid: number
  },
  to: OrderStatus | string,
): boolean {
  if (to !== 'in_delivery' && to !== 'delivered') return false
  if (order.status === 'in_delivery' || order.status === 'delivered') return false
  return order.paymentMethod === 'mobile_money' && order.paymentStatus !== 'paid' && order.amountPaid <= 0
}

/**
 * docs/rules/money.md#payments: whether the client may pay its order by mobile money now, as the
 * server checks it (services/money/payments/index.ts payableBlocker): not cancelled nor delivered,
 * not paid, every kg line weighed, the weighed total not refused; `needsAgreement`: paying agrees
 * to the weighed total too.
 */
export function payNow(o: {
  status: OrderStatus
  paymentStatus: PaymentStatus
  paymentMethod: PaymentMethod
  weighApproval: WeighApproval | null
  items: { unitType: string; weighedQuantity: number | null }[]
}) {
  const open =
    o.paymentMethod === 'mobile_money' &&
    (o.paymentStatus === 'pending' || o.paymentStatus === 'failed') &&
    o.status !== 'cancelled' &&
    o.status !== 'delivered' &&
    o.weighApproval !== 'refused' &&
    o.items.every((i) => i.unitType !== 'kg' || i.weighedQuantity != null)
  return { open, needsAgreement: open && o.weighApproval === 'awaiting' }
}

/**
 * docs/rules/money.md#payments: an order not paid yet that has received part of its total (money
 * paid on an old attempt, or before it was weighed again): what it received and the rest it owes,
 * which a new payment asks for. Null when it received nothing, or is paid, refunded or cancelled.
 */
export function partlyReceived(o: {
  status: OrderStatus
  paymentStatus: PaymentStatus
  totalAmount: number
  amountPaid: number
}) {
  if (o.amountPaid <= 0 || o.status === 'cancelled') return null
  if (o.paymentStatus !== 'pending' && o.paymentStatus !== 'failed' && o.paymentStatus !== 'partly_paid')
    return null
  return { received: o.amountPaid, rest: Math.max(0, o.totalAmount - o.amountPaid) }
}

/**
 * docs/rules/money.md#partly-paid: what the client still owes on its order, as every message says
 * "à régler": nothing once it is paid, refunded or cancelled; else `amountOwed`, its total less
 * what it has received (an attempt that brought part, a rest not collected yet).
 */
export function stillOwed(o: {
  status: OrderStatus
  paymentStatus: PaymentStatus
  totalAmount: number
  amountPaid: number
}) {
  if (o.status === 'cancelled' || o.paymentStatus === 'paid' || o.paymentStatus === 'refunded') return 0
  return amountOwed(o)
}
