import { useState, type FormEvent } from 'react'
import { CANCEL_REASON_MAX, CANCEL_REASON_REQUIRED, type OrderStatus } from '@/shared/domain/order-status'
import { Dialog, FormActions } from '@/client/components/ui/dialog'
import { Field, Select, Textarea } from '@/client/components/ui/field'
import { OrderStatusOptions } from '@/client/components/ui/order-status-options'
import { Spinner } from '@/client/components/ui/spinner'
import { OrderStatusBadge } from '@/client/components/ui/status-badges'
import { useUpdateOrderStatus } from '../api/orders-api'

/** Statuses the weigh-in gate holds back (docs/rules/orders.md#weigh-in). */
const gated: readonly OrderStatus[] = ['in_delivery', 'delivered']

/**
 * Cancelling asks first (docs/rules/orders.md#order-status): a dialog takes the reason the client reads
 * on its order page and in the cancellation e-mail; nothing is sent before it is confirmed.
 */
function CancelDialog({
  open,
  onOpenChange,
  pending,
  onConfirm,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  pending: boolean
  onConfirm: (reason: string) => void
}) {
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string>()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const text = reason.trim()
    if (!text) return setError(CANCEL_REASON_REQUIRED)
    onConfirm(text)
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setReason('')
          setError(undefined)
        }
        onOpenChange(next)
      }}
      title="Annuler la commande ?"
      description="Le client reçoit un e-mail qui le lui dit, avec la raison ci-dessous ; il la lit aussi sur la page de sa commande."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field label="Raison de l’annulation" htmlFor="cancel-reason" error={error}>
          <Textarea
            id="cancel-reason"
            rows={3}
            maxLength={CANCEL_REASON_MAX}
            value={reason}
            placeholder="Ex. : le produit commandé n’est plus disponible aujourd’hui."
            onChange={(e) => {
              setReason(e.target.value)
              if (error) setError(undefined)
            }}
          />
        </Field>
        <FormActions
          onCancel={() => onOpenChange(false)}
          pending={pending}
          submitLabel="Annuler la commande"
          pendingLabel="Annulation…"
          cancelLabel="Garder la commande"
        />
      </form>
    </Dialog>
  )
}

/**
 * The status badge and dropdown. A step forward is sent at once; "Annulée" opens the
 * cancellation dialog first. A correction (a step back, or out of "Annulée") tells the client
 * nothing, as the note under the control says. `blocker` says why the order may not leave for
 * delivery yet (the server refuses it too): those statuses are then offered disabled, and the
 * reason shown under the control.
 */
export function OrderStatusControl({
  orderId,
  status,
  blocker,
}: {
  orderId: number
  status: OrderStatus
  blocker?: string | null
}) {
  const update = useUpdateOrderStatus()
  const [cancelling, setCancelling] = useState(false)
  const notes = [blocker ? 'order-status-blocker' : null, 'order-status-note'].filter(Boolean).join(' ')
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <OrderStatusBadge status={status} />
        <label htmlFor="order-status" className="sr-only">
          Changer le statut
        </label>
        <div className="min-w-48">
          <Select
            id="order-status"
            value={update.isPending ? '' : status}
            aria-describedby={notes}
            disabled={update.isPending}
            onChange={(e) => {
              const next = e.target.value as OrderStatus
              if (!next || next === status) return
              if (next === 'cancelled') setCancelling(true)
              else update.mutate({ orderId, status: next })
            }}
          >
            {update.isPending && <option value="">Mise à jour...</option>}
            <OrderStatusOptions disabled={(s) => !!blocker && gated.includes(s)} />
          </Select>
        </div>
        {update.isPending && <Spinner label="Mise à jour..." />}
      </div>
      {blocker && (
        <p id="order-status-blocker" className="text-sm text-amber-800" data-testid="status-blocker">
          Pas encore de livraison : {blocker}
        </p>
      )}
      <p id="order-status-note" className="text-xs text-stone-500">
        Une correction (retour à une étape précédente) n’envoie aucun message au client.
      </p>
      <CancelDialog
        open={cancelling}
        onOpenChange={setCancelling}
        pending={update.isPending}
        onConfirm={(reason) =>
          update.mutate({ orderId, status: 'cancelled', reason }, { onSuccess: () => setCancelling(false) })
        }
      />
    </div>
  )
}
