import { orderStatuses, orderStatusLabels, type OrderStatus } from '@/shared/domain/order-status'
import { Select } from '@/client/components/ui/field'
import { Spinner } from '@/client/components/ui/spinner'
import { OrderStatusBadge } from '@/client/components/ui/status-badges'
import { useUpdateOrderStatus } from '../api/orders-api'

/** Statuses the weigh-in gate holds back (docs/rules.md#weigh-in). */
const gated: readonly OrderStatus[] = ['in_delivery', 'delivered']

/**
 * The status badge and dropdown: any other status sends an update at once. `blocker` says why
 * the order may not leave for delivery yet (the server refuses it too): those statuses are then
 * offered disabled, and the reason shown under the control.
 */
export function OrderStatusControl({
  orderId,
  status,
  blocker,
}: {
  orderId: number
  status: OrderStatus
  blocker?: string | null
}) {
  const update = useUpdateOrderStatus()
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <OrderStatusBadge status={status} />
        <label htmlFor="order-status" className="sr-only">
          Changer le statut
        </label>
        <Select
          id="order-status"
          className="w-auto min-w-48"
          value={update.isPending ? '' : status}
          aria-describedby={blocker ? 'order-status-blocker' : undefined}
          disabled={update.isPending}
          onChange={(e) => {
            const next = e.target.value as OrderStatus
            if (next && next !== status) update.mutate({ orderId, status: next })
          }}
        >
          {update.isPending && <option value="">Mise à jour...</option>}
          {orderStatuses.map((s) => (
            <option key={s} value={s} disabled={!!blocker && gated.includes(s)}>
              {orderStatusLabels[s]}
            </option>
          ))}
        </Select>
        {update.isPending && <Spinner label="Mise à jour..." />}
      </div>
      {blocker && (
        <p id="order-status-blocker" className="text-sm text-amber-800" data-testid="status-blocker">
          Pas encore de livraison : {blocker}
        </p>
      )}
    </div>
  )
}
