import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { instalmentRefusal } from '@/shared/domain/campaigns'
import { formatMoney } from '@/shared/format'
import { cashInput } from '@/shared/schemas/campaign-operations'
import type { OperationRow } from '@/shared/schemas/campaign-operations'
import type { z } from '@/shared/schemas/zod'
import { Dialog, FormActions } from '@/client/components/ui/dialog'
import { Input } from '@/client/components/ui/field'
import { FormField } from '@/client/components/ui/form-field'
import { useCash } from '../api/use-operations'
import { itemText } from '../lib/operations'

const amountOnly = cashInput.pick({ amount: true })
type Values = z.input<typeof amountOnly>

/**
 * "Encaisser en espèces" (docs/rules/campaigns-operations.md#cash): the amount taken at the shop,
 * bounded as an instalment is; the server decides and says why not.
 */
export function CashDialog({ row, onClose }: { row: OperationRow | null; onClose: () => void }) {
  const cash = useCash()
  const form = useForm<Values, unknown, z.output<typeof amountOnly>>({ resolver: zodResolver(amountOnly) })
  useEffect(() => {
    if (row) form.reset({ amount: row.balance })
  }, [row, form])
  if (!row) return null
  const submit = form.handleSubmit(({ amount }) => {
    const refusal = instalmentRefusal(
      { total: row.total, amountPaid: row.amountPaid, depositAmount: row.depositAmount },
      amount,
    )
    if (refusal) return form.setError('amount', { message: refusal })
    cash.mutate({ reservationId: row.id, amount }, { onSuccess: onClose })
  })
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={`Encaisser en espèces — ${itemText(row)}`}
      description={`${row.clientName} · payé ${formatMoney(row.amountPaid)} · reste ${formatMoney(row.balance)}`}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField
          form={form}
          name="amount"
          id="cash-amount"
          label="Montant reçu (F CFA)"
          hint="Le premier versement couvre au moins l’acompte ; ensuite 1 000 F au moins, jamais plus que le reste."
          options={{ valueAsNumber: true }}
        >
          {(control) => <Input type="number" inputMode="numeric" min={1} step={1} {...control} />}
        </FormField>
        <FormActions onCancel={onClose} pending={cash.isPending} submitLabel="Enregistrer les espèces" />
      </form>
    </Dialog>
  )
}
