import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { ecartOf } from '@/shared/domain/cash'
import { formatMoney } from '@/shared/format'
import { cashHandoverInput, type CashHandoverInput } from '@/shared/schemas/cash'
import type { z } from '@/shared/schemas/zod'
import { Dialog, FormActions } from '@/client/components/ui/dialog'
import { Field, Input, numberOrUndefined } from '@/client/components/ui/field'
import { useRecordHandover } from '../api/cash-api'

export type CashDriver = { driverId: number; driverName: string; balance: number }

/**
 * Staff record the cash a driver hands over (docs/rules.md#drivers-cash): what it holds is
 * proposed; another amount shows its écart, which is kept with the handover.
 */
export function HandoverDialog({ driver, onClose }: { driver: CashDriver | null; onClose: () => void }) {
  const record = useRecordHandover()
  const form = useForm<CashHandoverInput, unknown, z.output<typeof cashHandoverInput>>({
    resolver: zodResolver(cashHandoverInput),
  })
  const { errors } = form.formState
  useEffect(() => {
    if (driver)
      form.reset({
        driverId: driver.driverId,
        amount: Math.max(driver.balance, 0) || ('' as unknown as number),
        note: '',
      })
  }, [driver, form])
  const amount = useWatch({ control: form.control, name: 'amount' })
  const ecart = driver && Number.isInteger(amount) && amount > 0 ? ecartOf(amount, driver.balance) : null

  const onSubmit = form.handleSubmit(async (values) => {
    await record.mutateAsync(values)
    onClose()
  })

  return (
    <Dialog
      open={driver !== null}
      onOpenChange={(open) => !open && onClose()}
      title={driver ? `Remise de ${driver.driverName}` : 'Remise'}
      description={driver ? `Espèces détenues : ${formatMoney(driver.balance)}.` : undefined}
    >
      <form onSubmit={(e) => void onSubmit(e).catch(() => undefined)} noValidate className="space-y-4">
        <Field
          label="Montant remis (F CFA)"
          htmlFor="handover-amount"
          error={errors.amount?.message}
          hint={
            ecart === null
              ? 'Le montant compté, en francs.'
              : ecart === 0
                ? 'Aucun écart.'
                : `Écart : ${formatMoney(ecart)} (${ecart < 0 ? 'manque : reste dû par le livreur' : 'excédent : dû au livreur'}).`
          }
        >
          <Input
            id="handover-amount"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            {...form.register('amount', { setValueAs: numberOrUndefined })}
          />
        </Field>
        <Field label="Note (facultative)" htmlFor="handover-note" error={errors.note?.message}>
          <Input id="handover-note" maxLength={300} {...form.register('note')} />
        </Field>
        <FormActions onCancel={onClose} pending={record.isPending} submitLabel={'Enregistrer la remise'} />
      </form>
    </Dialog>
  )
}
