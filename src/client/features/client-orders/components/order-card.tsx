import { RotateCcw } from 'lucide-react'
import { Link } from 'react-router'
import { orderSlotText } from '@/shared/domain/delivery-slots'
import { formatDateTime, formatMoney } from '@/shared/format'
import type { ClientOrder } from '@/shared/schemas/checkout'
import { amountOwed } from '@/shared/domain/status-effects'
import { Button } from '@/client/components/ui/button'
import { Card } from '@/client/components/ui/card'
import { Skeleton } from '@/client/components/ui/skeleton'
import { OrderStatusBadge } from '@/client/components/ui/status-badges'
import { QuantityText } from '@/client/components/weighed-quantity'
import { lineName } from '@/shared/domain/preparations'
import { waitsForClient } from '@/shared/domain/confirmation'

/** One of the client's orders: number, date, status, lines, total, detail and re-order. */
export function OrderCard({
  order,
  onReorder,
  reordering,
}: {
  order: ClientOrder
  onReorder?: () => void
  reordering?: boolean
}) {
  const slot = orderSlotText(order)
  return (
    <Card className="p-4" data-testid="order-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-semibold text-stone-900">Commande #{order.id}</p>
          <p className="text-sm text-stone-500">{formatDateTime(order.createdAt)}</p>
        </div>
        <OrderStatusBadge status={order.status} fulfilment={order.fulfilment} />
      </div>
      <ul className="mt-3 space-y-1 text-sm text-stone-700">
        {order.items.map((i) => (
          <li key={i.id} className="flex justify-between gap-2">
            <span className="min-w-0 break-words">
              {lineName(i)} · <QuantityText item={i} />
            </span>
            <span className="shrink-0 tabular-nums">{formatMoney(i.totalPrice)}</span>
          </li>
        ))}
      </ul>
      {waitsForClient(order) && order.status !== 'cancelled' && (
        // docs/rules/confirmation.md#confirmation: prepared only once the client has said yes.
        <p
          className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-testid="order-to-confirm"
        >
          En attente de votre confirmation : nous la préparons dès que vous l’avez confirmée (voir les
          détails).
        </p>
      )}
      {order.weighApproval === 'awaiting' && (
        <p className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Pesée : le montant a changé, votre accord est demandé (voir les détails).
        </p>
      )}
      {order.status === 'cancelled' && order.cancelReason && (
        <p
          className="mt-3 rounded-md bg-stone-100 px-3 py-2 text-sm text-stone-800"
          data-testid="cancel-reason"
        >
          Raison de l’annulation : {order.cancelReason}
        </p>
      )}
      <dl className="mt-2 space-y-1 text-sm text-stone-600">
        <div className="flex justify-between gap-2">
          <dt>{order.deliveryFeeAmount > 0 ? 'Livraison' : 'Livraison offerte'}</dt>
          <dd className="tabular-nums" data-testid="order-delivery-fee">
            {formatMoney(order.deliveryFeeAmount)}
          </dd>
        </div>
        {slot && (
          <div className="flex justify-between gap-2">
            <dt>Créneau</dt>
            <dd data-testid="order-slot">{slot}</dd>
          </div>
        )}
        {order.paymentStatus === 'partly_paid' && (
          <div className="flex justify-between gap-2 font-semibold text-red-700">
            <dt>Reste à payer</dt>
            <dd className="tabular-nums" data-testid="amount-owed">
              {formatMoney(amountOwed(order))}
            </dd>
          </div>
        )}
      </dl>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-stone-200 pt-3">
        <p className="font-bold">{formatMoney(order.totalAmount)}</p>
        <div className="flex gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to={`/order-confirmation/${order.id}`}>Détails</Link>
          </Button>
          {onReorder && (
            <Button size="sm" onClick={onReorder} disabled={reordering}>
              <RotateCcw className="h-4 w-4" aria-hidden />
              Re-commander
            </Button>
          )}
        </div>
      </div>
    </Card>
  )
}

export function OrderCardsSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div role="status" aria-label="Chargement des commandes…" className="grid gap-4 md:grid-cols-2">
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className="h-40 w-full" />
      ))}
    </div>
  )
}
