import type { OrderStatus, PaymentStatus } from './order-status'
import type { PaymentMethod } from './payments'
import type { WeighApproval } from './weighin'

/**
 * docs/rules/money.md#payments: whether the client may pay its order by mobile money now, as the
 * server checks it (services/payments/service.ts payableBlocker): not cancelled nor delivered,
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
