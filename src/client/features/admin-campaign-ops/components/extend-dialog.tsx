import { useEffect, useState } from 'react'
import { formatDate, formatMoney } from '@/shared/format'
import type { OperationRow } from '@/shared/schemas/campaign-operations'
import { Dialog, FormActions } from '@/client/components/ui/dialog'
import { Field, Input } from '@/client/components/ui/field'
import { useExtend } from '../api/use-operations'
import { itemText } from '../lib/operations'

/**
 * "Repousser l’échéance" (docs/rules/campaigns-operations.md#due-date): a later day for this
 * reservation's balance, due at the end of that day; the server refuses a day past or after the feast.
 */
export function ExtendDialog({ row, onClose }: { row: OperationRow | null; onClose: () => void }) {
  const extend = useExtend()
  const [day, setDay] = useState('')
  const [error, setError] = useState<string | undefined>()
  useEffect(() => {
    setDay('')
    setError(undefined)
  }, [row])
  if (!row) return null
  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return setError('Choisissez le jour de la nouvelle échéance.')
    extend.mutate(
      { reservationId: row.id, dueAt: `${day}T23:59:00Z` },
      { onSuccess: onClose, onError: (x) => setError(x.message) },
    )
  }
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={`Repousser l’échéance — ${itemText(row)}`}
      description={`${row.clientName} · reste ${formatMoney(row.balance)} · échéance actuelle ${formatDate(row.dueAt)}`}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field
          label="Nouvelle échéance"
          htmlFor="due-day"
          error={error}
          hint="Le solde est dû à la fin de ce jour."
        >
          <Input id="due-day" type="date" value={day} onChange={(e) => setDay(e.target.value)} />
        </Field>
        <FormActions onCancel={onClose} pending={extend.isPending} submitLabel="Repousser l’échéance" />
      </form>
    </Dialog>
  )
}
