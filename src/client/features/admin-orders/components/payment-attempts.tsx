import { attemptStatusLabels, paymentProviderLabels, REFUND_TO_DO_LABEL } from '@/shared/domain/payments'
import type { AttemptView } from '@/shared/schemas/payments'
import { formatDateTime, formatMoney } from '@/shared/format'
import { Badge } from '@/client/components/ui/badge'
import { Button } from '@/client/components/ui/button'

/** A refund's label, with its amount when only part of the attempt is given back. */
const refundText = (label: string, a: AttemptView) =>
  a.refundAmount == null ? label : `${label} : ${formatMoney(a.refundAmount)}`

/**
 * Each mobile money attempt of an order (docs/rules/money.md#payments): provider, wallet, amount,
 * state, its refund (the excess, or the whole attempt), "Remboursement fait" for one made by hand.
 */
export function PaymentAttempts({
  attempts,
  onRefundDone,
  refundPending,
}: {
  attempts: readonly AttemptView[]
  onRefundDone: (attemptId: number) => void
  refundPending: boolean
}) {
  if (attempts.length === 0) return <p className="text-sm text-stone-500">Aucun paiement mobile money.</p>
  return (
    <ul className="space-y-2" aria-label="Paiements mobile money">
      {attempts.map((a) => (
        <li
          key={a.id}
          className="space-y-1 rounded-md border border-stone-200 p-3 text-sm"
          data-testid={`attempt-${a.id}`}
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-medium">
              {paymentProviderLabels[a.provider]}
              {/* Wave paid through Wave: said once. */}
              {a.wallet && a.wallet !== paymentProviderLabels[a.provider] ? ` · ${a.wallet}` : ''} ·{' '}
              {formatMoney(a.amount)}
            </span>
            <Badge
              variant={a.status === 'paid' ? 'success' : a.status === 'pending' ? 'warning' : 'destructive'}
            >
              {attemptStatusLabels[a.status]}
            </Badge>
          </div>
          <p className="text-xs wrap-anywhere text-stone-500">
            Réf. {a.reference} · {formatDateTime(a.createdAt)}
          </p>
          {a.refundStatus === 'to_do' && (
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant="destructive">{refundText(REFUND_TO_DO_LABEL, a)}</Badge>
              <Button size="sm" variant="outline" disabled={refundPending} onClick={() => onRefundDone(a.id)}>
                Remboursement fait
              </Button>
            </div>
          )}
          {a.refundStatus === 'requested' && (
            <Badge variant="warning">{refundText('Remboursement en cours', a)}</Badge>
          )}
          {a.refundStatus === 'done' && <Badge variant="secondary">{refundText('Remboursé', a)}</Badge>}
        </li>
      ))}
    </ul>
  )
}
