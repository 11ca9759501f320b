import { useState, type FormEvent } from 'react'
import { CANCEL_REASON_MAX } from '@/shared/domain/order-status'
import { Dialog, FormActions } from './ui/dialog'
import { Field, Textarea } from './ui/field'

/**
 * An order's cancellation, asked first, with the reason the other side reads
 * (docs/rules/orders.md#order-status, #client-cancel): staff's from the status control, the
 * client's from its order page. Nothing is sent until confirmed with a reason; `required` is
 * what an empty one is told. A closed dialog keeps what was typed.
 */
export function CancelReasonDialog({
  id,
  open,
  onOpenChange,
  title,
  description,
  placeholder,
  required,
  keepLabel,
  pending,
  onConfirm,
}: {
  id: string
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: string
  placeholder: string
  required: string
  /** The way out ("Garder la commande"). */
  keepLabel: string
  pending: boolean
  onConfirm: (reason: string) => void
}) {
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string>()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const text = reason.trim()
    if (!text) return setError(required)
    onConfirm(text)
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setError(undefined)
        onOpenChange(next)
      }}
      title={title}
      description={description}
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field label="Raison de l’annulation" htmlFor={id} error={error}>
          <Textarea
            id={id}
            rows={3}
            maxLength={CANCEL_REASON_MAX}
            value={reason}
            placeholder={placeholder}
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
          cancelLabel={keepLabel}
        />
      </form>
    </Dialog>
  )
}
