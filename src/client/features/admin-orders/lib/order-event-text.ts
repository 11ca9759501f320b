import { orderStatusBadge, paymentStatusBadge } from '@/shared/domain/order-status'
import { formatMoney, formatQuantity } from '@/shared/format'
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
    // docs/rules/orders.md#weigh-in: "Gigot|1.5" → "1.62", the total in francs, the client's agreement.
    case 'weighing': {
      const [name, before] = (e.fromValue ?? '').split('|')
      return `Pesée : ${name} ${formatQuantity(Number(before), 'kg')} → ${formatQuantity(Number(e.toValue), 'kg')}`
    }
    case 'total':
      return `Total : ${formatMoney(Number(e.fromValue))} → ${formatMoney(Number(e.toValue))}`
    case 'approval':
      return approvalText[e.toValue ?? ''] ?? 'Accord du client'
    default:
      return 'Modification'
  }
}

const approvalText: Record<string, string> = {
  awaiting: 'Montant pesé hors tolérance : accord du client demandé',
  accepted: 'Le client accepte le montant pesé',
  refused: 'Le client refuse le montant pesé',
  phone: 'Accord du client reçu par téléphone',
}
