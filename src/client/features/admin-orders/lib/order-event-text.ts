import { orderStatusBadge, paymentStatusBadge } from '@/shared/domain/order-status'
import type { OrderEventView } from '@/client/lib/order-view'

/** One line of the order's history, in French. */
export function describeOrderEvent(e: Pick<OrderEventView, 'type' | 'fromValue' | 'toValue'>): string {
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
