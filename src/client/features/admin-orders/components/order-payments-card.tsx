import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { toast } from '@/client/lib/toast'
import {
  attemptStatusLabels,
  paymentMethodLabels,
  paymentProviderLabels,
  REFUND_TO_DO_LABEL,
} from '@/shared/domain/payments'
import { formatDateTime, formatMoney } from '@/shared/format'
import { Badge } from '@/client/components/ui/badge'
import { Button } from '@/client/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card'
import { Input } from '@/client/components/ui/field'
import { QueryState } from '@/client/components/ui/query-state'
import { Skeleton } from '@/client/components/ui/skeleton'
import { api, errorMessage } from '@/client/lib/api'
import type { OrderView } from '@/client/lib/order-view'
import { queryOptionsFor } from '@/client/lib/queries'
import { orderKeys, orderPaymentsKey } from '../api/orders-api'

/** What each payment event type says, in French. */
const eventLabels: Record<string, string> = {
  method_changed: 'Mode de paiement changé',
  attempt_created: 'Paiement demandé',
  paid: 'Payé',
  failed: 'Échoué',
  expired: 'Expiré',
  amount_mismatch: 'Montant différent',
  provider_unavailable: 'Prestataire indisponible',
  refund_requested: 'Remboursement demandé',
  refund_to_do: REFUND_TO_DO_LABEL,
  refunded: 'Remboursé',
  refund_done: 'Remboursement enregistré',
}

/**
 * The order's payment on the staff page (docs/rules/money.md#payments): its method, each mobile money
 * attempt and every payment event; "Remboursement à faire" to record once done by hand; an
 * unpaid order switched to cash at the door, with the reason.
 */
export function OrderPaymentsCard({ order }: { order: OrderView }) {
  const qc = useQueryClient()
  const key = orderPaymentsKey(order.id)
  const query = useQuery(queryOptionsFor('/_api/admin/orders/payments', { orderId: order.id }))
  const refresh = () => {
    // The order itself (its payment method and status), its lists and this card.
    void qc.invalidateQueries({ queryKey: orderKeys.lists })
    void qc.invalidateQueries({ queryKey: orderKeys.detail(order.id) })
    void qc.invalidateQueries({ queryKey: key })
  }
  const refundDone = useMutation({
    mutationFn: (attemptId: number) =>
      api.post('/_api/admin/orders/refund-done', { orderId: order.id, attemptId }),
    onSuccess: () => {
      toast.success('Remboursement enregistré.')
      refresh()
    },
    onError: (e) => toast.error(errorMessage(e, 'Remboursement non enregistré.')),
  })
  const [reason, setReason] = useState('')
  const toCash = useMutation({
    mutationFn: () => api.post('/_api/admin/orders/payment-cash', { orderId: order.id, reason }),
    onSuccess: () => {
      toast.success('La commande sera payée en espèces.')
      setReason('')
      refresh()
    },
    onError: (e) => toast.error(errorMessage(e, 'Mode de paiement non changé.')),
  })
  const unpaidMobile =
    order.paymentMethod === 'mobile_money' &&
    order.paymentStatus !== 'paid' &&
    order.paymentStatus !== 'refunded' &&
    order.status !== 'cancelled' &&
    order.status !== 'delivered'
  const body = (
    <QueryState query={query} loading={<Skeleton className="h-16 w-full" />}>
      {(data) => (
        <div className="space-y-3">
          {data.attempts.length === 0 && (
            <p className="text-sm text-stone-500">Aucun paiement mobile money.</p>
          )}
          <ul className="space-y-2" aria-label="Paiements mobile money">
            {data.attempts.map((a) => (
              <li
                key={a.id}
                className="space-y-1 rounded-md border border-stone-200 p-3 text-sm"
                data-testid={`attempt-${a.id}`}
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium">
                    {paymentProviderLabels[a.provider]}
                    {a.wallet ? ` · ${a.wallet}` : ''} · {formatMoney(a.amount)}
                  </span>
                  <Badge
                    variant={
                      a.status === 'paid' ? 'success' : a.status === 'pending' ? 'warning' : 'destructive'
                    }
                  >
                    {attemptStatusLabels[a.status]}
                  </Badge>
                </div>
                <p className="text-xs text-stone-500">
                  Réf. {a.reference} · {formatDateTime(a.createdAt)}
                </p>
                {a.refundStatus === 'to_do' && (
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge variant="destructive">{REFUND_TO_DO_LABEL}</Badge>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={refundDone.isPending}
                      onClick={() => refundDone.mutate(a.id)}
                    >
                      Remboursement fait
                    </Button>
                  </div>
                )}
                {a.refundStatus === 'requested' && <Badge variant="warning">Remboursement en cours</Badge>}
                {a.refundStatus === 'done' && <Badge variant="secondary">Remboursé</Badge>}
              </li>
            ))}
          </ul>
          {data.events.length > 0 && (
            <ol className="space-y-1 text-xs text-stone-600" aria-label="Historique du paiement">
              {data.events.map((e) => (
                <li key={e.id}>
                  {formatDateTime(e.createdAt)} · {eventLabels[e.type] ?? e.type}
                  {e.provider ? ` · ${paymentProviderLabels[e.provider]}` : ''}
                  {e.providerStatus ? ` (${e.providerStatus})` : ''}
                  {e.actorName ? ` · ${e.actorName}` : ''}
                  {e.detail ? ` — ${e.detail}` : ''}
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </QueryState>
  )
  return (
    <Card data-testid="order-payments">
      <CardHeader>
        <CardTitle>
          Paiement : {paymentMethodLabels[order.paymentMethod]}
          {order.paymentWallet ? ` (${order.paymentWallet})` : ''}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {body}
        {unpaidMobile && (
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault()
              toCash.mutate()
            }}
          >
            <label className="flex min-w-48 flex-1 flex-col gap-1 text-sm">
              Payé en espèces : raison
              <Input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={300} required />
            </label>
            <Button type="submit" variant="outline" disabled={toCash.isPending || !reason.trim()}>
              Passer en espèces
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  )
}
