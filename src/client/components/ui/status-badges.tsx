import {
  orderStatusBadge,
  orderStatuses,
  paymentStatusBadge,
  type OrderStatus,
} from '@/shared/domain/order-status'
import { statusLabelFor, type Fulfilment } from '@/shared/domain/pickup'
import { roleBadgeVariants, roleLabel, isRole } from '@/shared/domain/roles'
import { Badge } from './badge'

/** `fulfilment`: a pickup order reads "Prête à retirer" and "Retirée" (docs/rules/pickup.md). */
export function OrderStatusBadge({
  status,
  fulfilment,
}: {
  status: string | null | undefined
  fulfilment?: Fulfilment | null
}) {
  const b = orderStatusBadge(status)
  const label = status && isOrderStatus(status) ? statusLabelFor(status, fulfilment) : b.label
  return <Badge variant={b.variant}>{label}</Badge>
}

/**
 * `label`: the label read from the order's real state, where it is known (a refunded order is
 * "À rembourser" until the money has moved: clientPaymentLabel, docs/rules/money-told.md#refunds-told).
 */
export function PaymentStatusBadge({ status, label }: { status: string | null | undefined; label?: string }) {
  const b = paymentStatusBadge(status)
  return <Badge variant={b.variant}>{label ?? b.label}</Badge>
}

export function RoleBadge({ role }: { role: string | null | undefined }) {
  return <Badge variant={isRole(role) ? roleBadgeVariants[role] : 'outline'}>{roleLabel(role)}</Badge>
}

const isOrderStatus = (s: string): s is OrderStatus => (orderStatuses as readonly string[]).includes(s)
