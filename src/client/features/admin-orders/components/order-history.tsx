import { formatDateTime } from '@/shared/format'
import type { OrderEventView } from '@/client/lib/order-view'
import { describeOrderEvent } from '../lib/order-event-text'

/** Who changed what, when (every change of status, driver or payment: docs/rules/orders.md#order-status). */
export function OrderHistory({ events }: { events: OrderEventView[] }) {
  if (events.length === 0) return <p className="text-sm text-stone-500">Aucun historique.</p>
  return (
    <ol className="relative space-y-4 border-l border-stone-200 pl-5" aria-label="Historique de la commande">
      {events.map((e) => (
        <li key={e.id} className="relative">
          <span className="absolute top-1.5 -left-[1.65rem] h-2.5 w-2.5 rounded-full bg-brand" aria-hidden />
          <p className="text-sm font-medium text-stone-900">{describeOrderEvent(e)}</p>
          <p className="text-xs text-stone-500">
            {formatDateTime(e.createdAt)}
            {e.actorName ? ` · par ${e.actorName}` : ''}
          </p>
        </li>
      ))}
    </ol>
  )
}
