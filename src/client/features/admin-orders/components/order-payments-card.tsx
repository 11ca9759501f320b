import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { toast } from '@/client/lib/toast'
import { paymentMethodLabels, paymentProviderLabels } from '@/shared/domain/payments'
import { formatDateTime, formatMoney } from '@/shared/format'
import { PaymentFaults } from '@/client/components/payment-faults'
import { Button } from '@/client/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card'
import { Input } from '@/client/components/ui/field'
import { QueryState } from '@/client/components/ui/query-state'
import { Skeleton } from '@/client/components/ui/skeleton'
import { api, errorMessage } from '@/client/lib/api'
import type { OrderView } from '@/client/lib/order-view'
import { queryOptionsFor } from '@/client/lib/queries'
import { orderKeys, orderPaymentsKey } from '../api/orders-api'
import { paymentEventLabels } from '../lib/payment-event-labels'
import { PaymentAttempts } from './payment-attempts'
import { PaymentNotifications } from './payment-notifications'

/**
 * The order's payment on the staff page (docs/rules/money.md#payments): a refused provider key, what
 * the order received of its total, each mobile money attempt, every payment event and the
 * provider notifications as received; "Remboursement à faire" to record once done by hand; an
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
          <PaymentFaults faults={data.faults} />
          {data.amountPaid > 0 && data.amountPaid < data.total && (
            <div className="space-y-0.5 text-sm" data-testid="payment-received">
              <p>
                Reçu : {formatMoney(data.amountPaid)} sur {formatMoney(data.total)}
              </p>
              <p className="font-semibold text-red-700">
                Reste dû : {formatMoney(data.total - data.amountPaid)}
              </p>
            </div>
          )}
          <PaymentAttempts
            attempts={data.attempts}
            onRefundDone={(id) => refundDone.mutate(id)}
            refundPending={refundDone.isPending}
          />
          {data.events.length > 0 && (
            <ol className="space-y-1 text-xs text-stone-600" aria-label="Historique du paiement">
              {data.events.map((e) => (
                <li key={e.id}>
                  {formatDateTime(e.createdAt)} · {paymentEventLabels[e.type] ?? e.type}
                  {e.provider ? ` · ${paymentProviderLabels[e.provider]}` : ''}
                  {e.providerStatus ? ` (${e.providerStatus})` : ''}
                  {e.actorName ? ` · ${e.actorName}` : ''}
                  {e.detail ? ` — ${e.detail}` : ''}
                </li>
              ))}
            </ol>
          )}
          <PaymentNotifications notifications={data.notifications} />
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
