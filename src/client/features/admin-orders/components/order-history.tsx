import { orderStatusBadge, paymentStatusBadge } from '@/shared/domain/order-status'
import { formatDateTime } from '@/shared/format'
import type { OrderEventView } from '../../../lib/order-view'

function describe(e: OrderEventView): string {
  switch (e.type) {
    case 'created':
      return 'Commande passée'
    case 'status':
      return `Statut : ${orderStatusBadge(e.fromValue).label} → ${orderStatusBadge(e.toValue).label}`
    case 'payment':
      return `Paiement : ${paymentStatusBadge(e.fromValue).label} → ${paymentStatusBadge(e.toValue).label}`
    case 'driver':
      return e.fromValue
        ? `Livreur : ${e.fromValue} → ${e.toValue ?? 'aucun'}`
        : `Livreur assigné : ${e.toValue ?? 'aucun'}`
    default:
      return 'Modification'
  }
}

/** Who changed what, when (DECISIONS.md: every change of status, driver or payment). */
export function OrderHistory({ events }: { events: OrderEventView[] }) {
  if (events.length === 0) return <p className="text-sm text-stone-500">Aucun historique.</p>
  return (
    <ol className="relative space-y-4 border-l border-stone-200 pl-5" aria-label="Historique de la commande">
      {events.map((e) => (
        <li key={e.id} className="relative">
          <span className="absolute top-1.5 -left-[1.65rem] h-2.5 w-2.5 rounded-full bg-brand" aria-hidden />
          <p className="text-sm font-medium text-stone-900">{describe(e)}</p>
          <p className="text-xs text-stone-500">
            {formatDateTime(e.createdAt)}
            {e.actorName ? ` · par ${e.actorName}` : ''}
          </p>
        </li>
      ))}
    </ol>
  )
}
