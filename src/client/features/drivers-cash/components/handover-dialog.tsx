import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { ecartOf } from '@/shared/domain/cash'
import { formatMoney } from '@/shared/format'
import { cashHandoverInput, type CashHandoverInput } from '@/shared/schemas/cash'
import type { z } from '@/shared/schemas/zod'
import { FormField } from '@/client/components/ui/form-field'
import { Input, numberOrUndefined } from '@/client/components/ui/field'
import { useRecordHandover } from '../api/cash-api'
import { CashDialog } from './cash-dialog'

export type CashDriver = { driverId: number; driverName: string; balance: number }

/**
 * Staff record the cash a driver hands over (docs/rules/money.md#drivers-cash): what it holds is
 * proposed; another amount shows its écart, which is kept with the handover.
 */
export function HandoverDialog({ driver, onClose }: { driver: CashDriver | null; onClose: () => void }) {
  const record = useRecordHandover()
  const form = useForm<CashHandoverInput, unknown, z.output<typeof cashHandoverInput>>({
    resolver: zodResolver(cashHandoverInput),
  })
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
    <CashDialog
      open={driver !== null}
      onClose={onClose}
      title={driver ? `Remise de ${driver.driverName}` : 'Remise'}
      description={driver ? `Espèces détenues : ${formatMoney(driver.balance)}.` : undefined}
      onSubmit={onSubmit}
      pending={record.isPending}
      submitLabel="Enregistrer la remise"
    >
      <FormField
        form={form}
        name="amount"
        id="handover-amount"
        label="Montant remis (F CFA)"
        hint={
          ecart === null
            ? 'Le montant compté, en francs.'
            : ecart === 0
              ? 'Aucun écart.'
              : `Écart : ${formatMoney(ecart)} (${ecart < 0 ? 'manque : reste dû par le livreur' : 'excédent : dû au livreur'}).`
        }
        options={{ setValueAs: numberOrUndefined }}
      >
        {(control) => <Input type="number" inputMode="numeric" min={1} step={1} {...control} />}
      </FormField>
      <FormField form={form} name="note" id="handover-note" label="Note (facultative)">
        {(control) => <Input maxLength={300} {...control} />}
      </FormField>
    </CashDialog>
  )
}
