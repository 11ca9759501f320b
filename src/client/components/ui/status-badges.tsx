import { orderStatusBadge, paymentStatusBadge } from '@/shared/domain/order-status'
import { roleBadgeVariants, roleLabel, isRole } from '@/shared/domain/roles'
import { Badge } from './badge'

export function OrderStatusBadge({ status }: { status: string | null | undefined }) {
  const b = orderStatusBadge(status)
  return <Badge variant={b.variant}>{b.label}</Badge>
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
