import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { formatMoney } from '@/shared/format'
import { Button } from '@/client/components/ui/button'
import { Card, CardContent } from '@/client/components/ui/card'
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog'
import { api, errorMessage } from '@/client/lib/api'
import { clientDashboardKey } from '@/client/lib/client-dashboard'
import { callKey } from '@/client/lib/queries'
import type { OrderDetailView } from '@/client/lib/order-view'
import { toast } from '@/client/lib/toast'
import { orderDetailsKey } from '../api/use-order-details'

/**
 * docs/rules/store-credit.md#refund-to-credit: a cancelled order whose money is still to be given
 * back to a wallet offers the client to take it as store credit instead, at once, after asking.
 */
export function RefundToCreditCard({ order }: { order: OrderDetailView }) {
  const [open, setOpen] = useState(false)
  const qc = useQueryClient()
  const take = useMutation({
    mutationFn: async () => api.post('/_api/orders/refund-to-credit', { orderId: order.id }),
    onSuccess: ({ credited, order: next }) => {
      qc.setQueryData(orderDetailsKey(next.id), next)
      void qc.invalidateQueries({ queryKey: clientDashboardKey })
      void qc.invalidateQueries({ queryKey: callKey('/_api/account/credit') })
      setOpen(false)
      toast.success(`${formatMoney(credited)} ajoutés à votre avoir.`)
    },
    onError: (e) => {
      setOpen(false)
      toast.error(errorMessage(e, 'Le remboursement en avoir n’a pas été enregistré.'))
      void qc.invalidateQueries({ queryKey: orderDetailsKey(order.id) })
    },
  })
  if (order.status !== 'cancelled') return null
  const waiting = order.refunds.filter((p) => !p.done && (p.way === 'shop' || p.way === 'provider'))
  if (waiting.length === 0) return null
  const amount = formatMoney(waiting.reduce((sum, p) => sum + p.amount, 0))
  return (
    <Card data-testid="refund-to-credit">
      <CardContent className="flex flex-wrap items-center justify-between gap-3 p-4 text-sm text-stone-700 sm:p-6">
        <p>
          Plutôt que d’attendre le remboursement de {amount} sur votre compte, recevez-les tout de suite en
          avoir, à utiliser sur vos prochaines commandes.
        </p>
        <Button onClick={() => setOpen(true)}>Recevoir en avoir</Button>
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          title={`Recevoir ${amount} en avoir ?`}
          description="L’avoir est ajouté à votre compte tout de suite. Ce choix est définitif : cette somme ne sera plus rendue sur votre compte mobile money."
          confirmLabel="Recevoir en avoir"
          pending={take.isPending}
          onConfirm={() => take.mutate()}
        />
      </CardContent>
    </Card>
  )
}
