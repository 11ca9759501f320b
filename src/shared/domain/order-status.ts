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

/**
 * An order still to be delivered: neither delivered nor cancelled. A driver's load and its list
 * count every such order assigned to it (docs/rules/delivery.md#assigning-a-driver).
 */
export const openOrderStatuses = ['pending', 'in_preparation', 'in_delivery'] as const satisfies OrderStatus[]
/** Assigned to a driver but not yet left for delivery: still being prepared, or waiting. */
export const notYetLeftStatuses = ['pending', 'in_preparation'] as const satisfies OrderStatus[]
/** The longest reason of a cancellation, which the client reads (docs/rules/orders.md#order-status). */
export const CANCEL_REASON_MAX = 300
/** What a client who cancels without a reason is told (the shop reads the reason). */
export const CLIENT_CANCEL_REASON_REQUIRED = 'Dites-nous pourquoi vous annulez votre commande.'
export const CANCEL_REASON_REQUIRED = 'Indiquez la raison de l’annulation : le client la lira.'

/**
 * Why a client can no longer cancel its order online (docs/rules/orders.md#client-cancel): said by
 * the order page before it asks and by the refusal of a cancel that came too late, in the same words.
 */
export function tooLateToCancel(status: Exclude<OrderStatus, 'pending' | 'cancelled'>): string {
  const where = {
    in_preparation: 'déjà en préparation',
    in_delivery: 'déjà en route',
    delivered: 'déjà livrée',
  }[status]
  return `Votre commande est ${where} : elle ne peut plus être annulée en ligne.`
}

/** The steps of an order's life, in order; `cancelled` is outside them. */
const steps: Partial<Record<OrderStatus, number>> = {
  pending: 0,
  in_preparation: 1,
  in_delivery: 2,
  delivered: 3,
}

/**
 * A correction: a move back to an earlier step (a delivered order back to in delivery), or out of
 * `cancelled`. The client is told nothing of it (docs/rules/orders.md#messages).
 */
export function isCorrection(from: OrderStatus, to: OrderStatus): boolean {
  if (from === 'cancelled') return true
  if (to === 'cancelled') return false
  return steps[to]! < steps[from]!
}

const orderStatusVariants: Record<OrderStatus, BadgeVariant> = {
  pending: 'warning',
  in_preparation: 'default',
  in_delivery: 'secondary',
  delivered: 'success',
  cancelled: 'destructive',
}

export const paymentStatuses = ['pending', 'paid', 'partly_paid', 'failed', 'refunded'] as const
export type PaymentStatus = (typeof paymentStatuses)[number]
export const paymentStatusLabels: Record<PaymentStatus, string> = {
  paid: 'Payé',
  // docs/rules/money.md#partly-paid: delivered, and less than its total collected (decision 0054).
  partly_paid: 'Payé en partie',
  pending: 'En attente',
  failed: 'Échoué',
  refunded: 'Remboursé',
}
const paymentStatusVariants: Record<PaymentStatus, BadgeVariant> = {
  paid: 'success',
  partly_paid: 'warning',
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
