import { orderStatuses, orderStatusLabels, type OrderStatus } from '@/shared/domain/order-status'
import { Select } from '@/client/components/ui/field'
import { Spinner } from '@/client/components/ui/spinner'
import { OrderStatusBadge } from '@/client/components/ui/status-badges'
import { useUpdateOrderStatus } from '../api/orders-api'

/** The status badge and dropdown: any other status sends an update at once. */
export function OrderStatusControl({ orderId, status }: { orderId: number; status: OrderStatus }) {
  const update = useUpdateOrderStatus()
  return (
    <div className="flex flex-wrap items-center gap-3">
      <OrderStatusBadge status={status} />
      <label htmlFor="order-status" className="sr-only">
        Changer le statut
      </label>
      <Select
        id="order-status"
        className="w-auto min-w-48"
        value={update.isPending ? '' : status}
        disabled={update.isPending}
        onChange={(e) => {
          const next = e.target.value as OrderStatus
          if (next && next !== status) update.mutate({ orderId, status: next })
        }}
      >
        {update.isPending && <option value="">Mise à jour...</option>}
        {orderStatuses.map((s) => (
          <option key={s} value={s}>
            {orderStatusLabels[s]}
          </option>
        ))}
      </Select>
      {update.isPending && <Spinner label="Mise à jour..." />}
    </div>
  )
}
