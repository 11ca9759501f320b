import { formatMoney } from '@/shared/format'
import { cashCorrectionInput } from '@/shared/schemas/cash'
import { FormField } from '@/client/components/ui/form-field'
import { Input, numberOrUndefined } from '@/client/components/ui/field'
import { useRecordCorrection } from '../api/cash-api'
import { CashDialog, useCashForm, type CashDriver } from './cash-dialog'

/** A correction of a driver's balance: a new signed entry with its reason (docs/rules/money.md#drivers-cash). */
export function CorrectionDialog({ driver, onClose }: { driver: CashDriver | null; onClose: () => void }) {
  const record = useRecordCorrection()
  const { form, onSubmit } = useCashForm(
    cashCorrectionInput,
    driver,
    (d) => ({ driverId: d.driverId, reason: '' }),
    record.mutateAsync,
    onClose,
  )

  return (
    <CashDialog
      open={driver !== null}
      onClose={onClose}
      title={driver ? `Correction de la caisse de ${driver.driverName}` : 'Correction'}
      description={
        driver
          ? `Solde actuel : ${formatMoney(driver.balance)}. Une correction s’ajoute aux mouvements : rien n’est effacé.`
          : undefined
      }
      onSubmit={onSubmit}
      pending={record.isPending}
      submitLabel="Enregistrer la correction"
    >
      <FormField
        form={form}
        name="amount"
        id="correction-amount"
        label="Montant (F CFA)"
        hint="Positif : ajouté à ce que doit le livreur ; négatif (ex. -500) : retiré."
        options={{ setValueAs: numberOrUndefined }}
      >
        {(control) => <Input type="number" inputMode="numeric" step={1} {...control} />}
      </FormField>
      <FormField form={form} name="reason" id="correction-reason" label="Raison">
        {(control) => <Input maxLength={300} {...control} />}
      </FormField>
      <FormField
        form={form}
        name="orderId"
        id="correction-order"
        label="Commande concernée (facultatif)"
        hint="Son numéro, par exemple 42."
        options={{ setValueAs: numberOrUndefined }}
      >
        {(control) => <Input type="number" inputMode="numeric" min={1} step={1} {...control} />}
      </FormField>
    </CashDialog>
  )
}
