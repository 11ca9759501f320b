import type { BadgeVariant } from './roles'

export const orderStatuses = ['pending', 'in_preparation', 'in_delivery', 'delivered', 'cancelled'] as const
export type OrderStatus = (typeof orderStatuses)[number]

export const orderStatusLabels: Record<OrderStatus, string> = {
  pending: 'En attente',
  in_preparation: 'En préparation',
  in_delivery: 'En livraison',
  delivered: 'Livrée',
  cancelled: 'Annulée',
}
const orderStatusVariants: Record<OrderStatus, BadgeVariant> = {
  pending: 'warning',
  in_preparation: 'default',
  in_delivery: 'secondary',
  delivered: 'success',
  cancelled: 'destructive',
}

export const paymentStatuses = ['pending', 'paid', 'failed', 'refunded'] as const
export type PaymentStatus = (typeof paymentStatuses)[number]
export const paymentStatusLabels: Record<PaymentStatus, string> = {
  paid: 'Payé',
  pending: 'En attente',
  failed: 'Échoué',
  refunded: 'Remboursé',
}
const paymentStatusVariants: Record<PaymentStatus, BadgeVariant> = {
  paid: 'success',
  pending: 'warning',
  failed: 'destructive',
  refunded: 'secondary',
}

type StatusBadge = { label: string; variant: BadgeVariant }
const unknown: StatusBadge = { label: 'Inconnu', variant: 'outline' }

/** Label and badge of an order status; missing means pending, anything else unknown. */
export function orderStatusBadge(status: string | null | undefined): StatusBadge {
  const s = status ?? 'pending'
  return s in orderStatusLabels
    ? { label: orderStatusLabels[s as OrderStatus], variant: orderStatusVariants[s as OrderStatus] }
    : unknown
}

export function paymentStatusBadge(status: string | null | undefined): StatusBadge {
  const s = status ?? 'pending'
  return s in paymentStatusLabels
    ? { label: paymentStatusLabels[s as PaymentStatus], variant: paymentStatusVariants[s as PaymentStatus] }
    : unknown
}

export const contactStatuses = ['new', 'read', 'processed'] as const
export type ContactStatus = (typeof contactStatuses)[number]
export const contactStatusLabels: Record<ContactStatus, string> = {
  new: 'Nouveau',
  read: 'Lu',
  processed: 'Traité',
}
