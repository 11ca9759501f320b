import { orderStatusBadge, paymentStatusBadge } from '@/shared/domain/order-status'
import { roleBadgeVariants, roleLabel, isRole } from '@/shared/domain/roles'
import { Badge } from './badge'

export function OrderStatusBadge({ status }: { status: string | null | undefined }) {
  const b = orderStatusBadge(status)
  return <Badge variant={b.variant}>{b.label}</Badge>
}

export function PaymentStatusBadge({ status }: { status: string | null | undefined }) {
  const b = paymentStatusBadge(status)
  return <Badge variant={b.variant}>{b.label}</Badge>
}

export function RoleBadge({ role }: { role: string | null | undefined }) {
  return <Badge variant={isRole(role) ? roleBadgeVariants[role] : 'outline'}>{roleLabel(role)}</Badge>
}
