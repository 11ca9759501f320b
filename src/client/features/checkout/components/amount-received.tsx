import { partlyReceived } from '@/shared/domain/payable'
import type { OrderStatus, PaymentStatus } from '@/shared/domain/order-status'
import { formatMoney } from '@/shared/format'

/**
 * Under an order's total, what it has received and the rest to pay (docs/rules/money.md#payments):
 * a delivered order paid in part at the door (docs/rules/money.md#partly-paid), or an order that
 * received part of its total by mobile money (an old attempt, a total weighed again since).
 */
export function AmountReceived({
  order,
}: {
  order: {
    status: OrderStatus
    paymentStatus: PaymentStatus
    totalAmount: number
    amountPaid: number
    creditUsed: number
  }
}) {
  const part = partlyReceived(order)
  // docs/rules/store-credit.md#spending: the store credit it spent (a cancelled order's is in its refunds).
  const credit = order.status === 'cancelled' ? 0 : order.creditUsed
  if (!part && credit <= 0) return null
  const received = (part?.received ?? 0) - credit
  return (
    <dl className="space-y-1 text-sm" data-testid="amount-received">
      {credit > 0 && (
        <div className="flex justify-between text-emerald-700" data-testid="credit-used">
          <dt>Payé avec votre avoir</dt>
          <dd>{formatMoney(credit)}</dd>
        </div>
      )}
      {part && received > 0 && (
        <div className="flex justify-between text-stone-700">
          <dt>Déjà reçu</dt>
          <dd>{formatMoney(received)}</dd>
        </div>
      )}
      {part && (
        <div className="flex justify-between font-semibold text-red-700" data-testid="amount-owed">
          <dt>Reste à payer</dt>
          <dd>{formatMoney(part.rest)}</dd>
        </div>
      )}
    </dl>
  )
}
