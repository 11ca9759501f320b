import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { toast } from '@/client/lib/toast'
import { formatMoney } from '@/shared/format'
import { QrCode } from '@/client/components/qr-code'
import { Button } from '@/client/components/ui/button'
import { Spinner } from '@/client/components/ui/spinner'
import { api, errorMessage } from '@/client/lib/api'
import { callKey, queryOptionsFor } from '@/client/lib/queries'
import { useWaitingPoll } from '@/client/lib/waiting-poll'

/**
 * "Faire payer par mobile money" on the driver's card (docs/rules/money.md#payments): a QR code and a
 * link to the provider's page for the amount due; the card asks the server until the payment is
 * in (every 3 s at first, less often as the wait goes on), and the amount due then becomes 0 (the dashboard is read again).
 */
export function DoorPayment({ orderId, amountDue }: { orderId: number; amountDue: number }) {
  const qc = useQueryClient()
  const [open, setOpen] = useState(false)
  const start = useMutation({
    mutationFn: async () => (await api.post('/_api/delivery/payments/start', { orderId })).attempt,
    onSuccess: () => setOpen(true),
    onError: (e) => toast.error(errorMessage(e, 'Le paiement n’a pas pu commencer.')),
  })
  const poll = useWaitingPoll()
  const status = useQuery({
    ...queryOptionsFor('/_api/delivery/payments/status', { orderId }),
    enabled: open,
    refetchInterval: (q) => poll(q.state.data?.paymentStatus !== 'paid'),
  })
  const paid = status.data?.paymentStatus === 'paid'
  // Paid: the dashboard is read again (its amount due becomes 0).
  useEffect(() => {
    if (paid) void qc.invalidateQueries({ queryKey: callKey('/_api/dashboard/delivery') })
  }, [paid, qc])
  if (amountDue <= 0) return null
  const url = start.data?.checkoutUrl
  if (!open || !url)
    return (
      <Button variant="outline" pending={start.isPending} onClick={() => start.mutate()}>
        Faire payer par mobile money
      </Button>
    )
  return (
    <div
      className="w-full space-y-2 rounded-md border border-stone-200 p-3 text-sm"
      data-testid={`door-payment-${orderId}`}
    >
      {paid ? (
        <p role="status" className="font-semibold text-emerald-800">
          Paiement reçu : rien à encaisser.
        </p>
      ) : (
        <>
          <p>Le client scanne ce code pour payer {formatMoney(start.data?.amount ?? amountDue)} :</p>
          <QrCode text={url} label={`Code QR du paiement de la commande ${orderId}`} />
          <p>
            <a href={url} target="_blank" rel="noopener noreferrer" className="text-brand underline">
              Lien de paiement
            </a>
          </p>
          <p role="status" className="flex items-center gap-2 text-stone-600">
            <Spinner size="sm" /> En attente du paiement…
          </p>
        </>
      )}
    </div>
  )
}
