import { orderStatuses, type OrderStatus } from '@/shared/domain/order-status'
import { statusLabelFor, type Fulfilment } from '@/shared/domain/pickup'

/**
 * The order statuses as a select's options, in their order, with their French labels; `all`
 * adds a first empty option (a filter's 'Tous les statuts'); `disabled` greys out those that may
 * not be chosen now, and `note` says why after the label.
 */
export function OrderStatusOptions({
  all,
  disabled,
  note,
  fulfilment,
}: {
  /** A pickup's statuses read "Prête à retirer", "Retirée" (docs/rules/pickup.md#hand-over). */
  fulfilment?: Fulfilment
  all?: string
  disabled?: (status: OrderStatus) => boolean
  /** Said after a status's label, why it may not be chosen now ('paiement attendu'). */
  note?: (status: OrderStatus) => string | null
}) {
  return (
    <>
      {all !== undefined && <option value="">{all}</option>}
      {orderStatuses.map((s) => (
        <option key={s} value={s} disabled={disabled?.(s)}>
          {note?.(s) ? `${statusLabelFor(s, fulfilment)} (${note(s)})` : statusLabelFor(s, fulfilment)}
        </option>
      ))}
    </>
  )
}
