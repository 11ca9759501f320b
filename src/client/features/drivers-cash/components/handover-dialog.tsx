import { useWatch } from 'react-hook-form'
import { ecartOf } from '@/shared/domain/cash'
import { formatMoney } from '@/shared/format'
import { cashHandoverInput } from '@/shared/schemas/cash'
import { FormField } from '@/client/components/ui/form-field'
import { Input, numberOrUndefined } from '@/client/components/ui/field'
import { useRecordHandover } from '../api/cash-api'
import { CashDialog, useCashForm, type CashDriver } from './cash-dialog'

/**
 * Staff record the cash a driver hands over (docs/rules/money.md#drivers-cash): what it holds is
 * proposed; another amount shows its écart, which is kept with the handover.
 */
export function HandoverDialog({ driver, onClose }: { driver: CashDriver | null; onClose: () => void }) {
  const record = useRecordHandover()
  const { form, onSubmit } = useCashForm(
    cashHandoverInput,
    driver,
    (d) => ({
      driverId: d.driverId,
      amount: Math.max(d.balance, 0) || ('' as unknown as number),
      note: '',
    }),
    record.mutateAsync,
    onClose,
  )
  const amount = useWatch({ control: form.control, name: 'amount' })
  const ecart = driver && Number.isInteger(amount) && amount > 0 ? ecartOf(amount, driver.balance) : null

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
