import { formatMoney, formatQuantity } from '@/shared/format'
import type { OrderView } from '@/client/lib/order-view'

type Line = Pick<OrderView['items'][number], 'quantity' | 'unitType' | 'weighedQuantity'>

/**
 * A line's quantity as the client and staff read it (docs/rules/orders.md#weigh-in): what was ordered,
 * and once weighed, "commandé 1,5 kg — pesé 1,62 kg".
 */
export function QuantityText({ item }: { item: Line }) {
  if (item.weighedQuantity == null) return <>{formatQuantity(item.quantity, item.unitType)}</>
  return (
    <span data-testid="weighed-quantity">
      commandé {formatQuantity(item.quantity, item.unitType)} — pesé{' '}
      <span className="font-medium">{formatQuantity(item.weighedQuantity, item.unitType)}</span>
    </span>
  )
}

/** The total agreed at checkout beside the weighed one, when the weighing changed it. */
export function OrderedTotalNote({
  order,
}: {
  order: Pick<OrderView, 'orderedTotalAmount' | 'totalAmount'>
}) {
  if (order.orderedTotalAmount == null || order.orderedTotalAmount === order.totalAmount) return null
  return (
    <p className="text-sm text-stone-600" data-testid="ordered-total">
      Montant à la commande : {formatMoney(order.orderedTotalAmount)} — montant après pesée :{' '}
      <span className="font-semibold text-stone-900">{formatMoney(order.totalAmount)}</span>
    </p>
  )
}
