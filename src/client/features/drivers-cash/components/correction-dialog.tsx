import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { formatMoney } from '@/shared/format'
import { cashCorrectionInput, type CashCorrectionInput } from '@/shared/schemas/cash'
import type { z } from '@/shared/schemas/zod'
import { Dialog, FormActions } from '@/client/components/ui/dialog'
import { Field, Input, numberOrUndefined } from '@/client/components/ui/field'
import { useRecordCorrection } from '../api/cash-api'
import type { CashDriver } from './handover-dialog'

/** A correction of a driver's balance: a new signed entry with its reason (docs/rules.md#drivers-cash). */
export function CorrectionDialog({ driver, onClose }: { driver: CashDriver | null; onClose: () => void }) {
  const record = useRecordCorrection()
  const form = useForm<CashCorrectionInput, unknown, z.output<typeof cashCorrectionInput>>({
    resolver: zodResolver(cashCorrectionInput),
  })
  const { errors } = form.formState
  useEffect(() => {
    if (driver) form.reset({ driverId: driver.driverId, reason: '' })
  }, [driver, form])

  const onSubmit = form.handleSubmit(async (values) => {
    await record.mutateAsync(values)
    onClose()
  })

  return (
    <Dialog
      open={driver !== null}
      onOpenChange={(open) => !open && onClose()}
      title={driver ? `Correction de la caisse de ${driver.driverName}` : 'Correction'}
      description={
        driver
          ? `Solde actuel : ${formatMoney(driver.balance)}. Une correction s’ajoute aux mouvements : rien n’est effacé.`
          : undefined
      }
    >
      <form onSubmit={(e) => void onSubmit(e).catch(() => undefined)} noValidate className="space-y-4">
        <Field
          label="Montant (F CFA)"
          htmlFor="correction-amount"
          error={errors.amount?.message}
          hint="Positif : ajouté à ce que doit le livreur ; négatif (ex. -500) : retiré."
        >
          <Input
            id="correction-amount"
            type="number"
            inputMode="numeric"
            step={1}
            {...form.register('amount', { setValueAs: numberOrUndefined })}
          />
        </Field>
        <Field label="Raison" htmlFor="correction-reason" error={errors.reason?.message}>
          <Input id="correction-reason" maxLength={300} {...form.register('reason')} />
        </Field>
        <Field
          label="Commande concernée (facultatif)"
          htmlFor="correction-order"
          error={errors.orderId?.message}
          hint="Son numéro, par exemple 42."
        >
          <Input
            id="correction-order"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            {...form.register('orderId', { setValueAs: numberOrUndefined })}
          />
        </Field>
        <FormActions
          onCancel={onClose}
          pending={record.isPending}
          submitLabel={'Enregistrer la correction'}
        />
      </form>
    </Dialog>
  )
}
