import { useMutation, useQueryClient } from '@tanstack/react-query'
import { DoorClosed } from 'lucide-react'
import { useState } from 'react'
import { REFUSAL_REASON_REQUIRED, refusalReasons, type RefusalReason } from '@/shared/domain/door-refusals'
import { Button } from '@/client/components/ui/button'
import { Dialog, FormActions } from '@/client/components/ui/dialog'
import { Field, Input, Select } from '@/client/components/ui/field'
import { api, errorMessage } from '@/client/lib/api'
import { queryKeyFor } from '@/client/lib/queries'
import { toast } from '@/client/lib/toast'
import type { OrderView } from '@/client/lib/order-view'

/**
 * docs/rules/confirmation.md#refused-at-the-door: the driver's "Refusé à la porte", a reason chosen
 * (and a few words if it likes): the order is cancelled, and the refusal counts for its phone.
 */
export function RefuseAtDoor({ order }: { order: OrderView }) {
  const qc = useQueryClient()
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState<RefusalReason | ''>('')
  const [note, setNote] = useState('')
  const [submitted, setSubmitted] = useState(false)
  const refuse = useMutation({
    mutationFn: async () =>
      (await api.post('/_api/delivery/refuse', { orderId: order.id, reason: reason as RefusalReason, note }))
        .order,
    onSuccess: (o) => {
      toast.success(`Commande #${o.id} enregistrée comme refusée à la porte.`)
      setOpen(false)
    },
    onError: (e) => toast.error(`Refus non enregistré : ${errorMessage(e)}`),
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeyFor('/_api/dashboard/delivery') }),
  })
  const reasonError = reason ? undefined : REFUSAL_REASON_REQUIRED
  return (
    <>
      <Button
        variant="outline"
        onClick={() => {
          setReason('')
          setNote('')
          setSubmitted(false)
          setOpen(true)
        }}
      >
        <DoorClosed className="h-4 w-4" aria-hidden />
        Refusé à la porte
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Refusé à la porte ?"
        description={`La commande #${order.id} sera annulée et le refus compté pour le ${order.deliveryPhone}.`}
      >
        <form
          noValidate
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault()
            setSubmitted(true)
            if (!reasonError) refuse.mutate()
          }}
        >
          <Field label="Raison" htmlFor="refusal-reason" error={submitted ? reasonError : undefined}>
            <Select
              id="refusal-reason"
              value={reason}
              onChange={(e) => setReason(e.target.value as RefusalReason)}
            >
              <option value="">Choisir…</option>
              {Object.entries(refusalReasons).map(([key, label]) => (
                <option key={key} value={key}>
                  {label}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Précision (facultatif)" htmlFor="refusal-note">
            <Input id="refusal-note" maxLength={200} value={note} onChange={(e) => setNote(e.target.value)} />
          </Field>
          <FormActions
            onCancel={() => setOpen(false)}
            pending={refuse.isPending}
            submitLabel="Enregistrer le refus"
            pendingLabel="Enregistrement…"
          />
        </form>
      </Dialog>
    </>
  )
}
