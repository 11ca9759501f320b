import { useState, type FormEvent } from 'react'
import { CANCEL_REASON_MAX, CLIENT_CANCEL_REASON_REQUIRED } from '@/shared/domain/order-status'
import { Dialog, FormActions } from '@/client/components/ui/dialog'
import { Field, Textarea } from '@/client/components/ui/field'
import { useCancelOrder } from '../api/use-cancel-order'

/**
 * The client's "Annuler votre commande ?" dialog, with the reason the shop reads
 * (docs/rules/orders.md#client-cancel). Its own module: the dialog's code (Radix) is downloaded
 * when a client first opens it, not with the order's page.
 */
export default function CancelOrderDialog({
  orderId,
  open,
  onOpenChange,
}: {
  orderId: number
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const cancel = useCancelOrder()
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string>()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const text = reason.trim()
    if (!text) return setError(CLIENT_CANCEL_REASON_REQUIRED)
    cancel.mutate({ orderId, reason: text }, { onSettled: () => onOpenChange(false) })
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setError(undefined)
        onOpenChange(next)
      }}
      title="Annuler votre commande ?"
      description="La boutique ne la préparera pas et vous ne paierez rien. Dites-nous pourquoi : cela nous aide."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field label="Raison de l’annulation" htmlFor="client-cancel-reason" error={error}>
          <Textarea
            id="client-cancel-reason"
            rows={3}
            maxLength={CANCEL_REASON_MAX}
            value={reason}
            placeholder="Ex. : je me suis trompé de quantité."
            onChange={(e) => {
              setReason(e.target.value)
              if (error) setError(undefined)
            }}
          />
        </Field>
        <FormActions
          onCancel={() => onOpenChange(false)}
          pending={cancel.isPending}
          submitLabel="Annuler la commande"
          pendingLabel="Annulation…"
          cancelLabel="Garder ma commande"
        />
      </form>
    </Dialog>
  )
}
