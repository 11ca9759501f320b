import { orderStatusLabels, orderStatuses, type OrderStatus } from '@/shared/domain/order-status'

/**
 * The order statuses as a select's options, in their order, with their French labels; `all`
 * adds a first empty option (a filter's 'Tous les statuts'); `disabled` greys out those that may
 * not be chosen now.
 */
export function OrderStatusOptions({
  all,
  disabled,
}: {
  all?: string
  disabled?: (status: OrderStatus) => boolean
}) {
  return (
    <>
      {all !== undefined && <option value="">{all}</option>}
      {orderStatuses.map((s) => (
        <option key={s} value={s} disabled={disabled?.(s)}>
          {orderStatusLabels[s]}
        </option>
      ))}
    </>
  )
}
