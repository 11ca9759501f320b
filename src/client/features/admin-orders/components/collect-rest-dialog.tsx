import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { amountOwed } from '@/shared/domain/status-effects'
import { formatMoney } from '@/shared/format'
import { collectRestInput, type CollectRestInput } from '@/shared/schemas/cash'
import type { z } from '@/shared/schemas/zod'
import { Dialog, FormActions } from '@/client/components/ui/dialog'
import { FormField } from '@/client/components/ui/form-field'
import { Input, numberOrUndefined } from '@/client/components/ui/field'
import type { OrderView } from '@/client/lib/order-view'
import { useCollectRest } from '../api/orders-api'

/**
 * Staff record the rest of a partly paid order (docs/rules/money.md#partly-paid): the rest is
 * proposed; it is written as cash collected by the order's driver, who hands it over as any other.
 */
export function CollectRestDialog({
  order,
  open,
  onClose,
}: {
  order: OrderView
  open: boolean
  onClose: () => void
}) {
  const collect = useCollectRest()
  const owed = amountOwed(order)
  const form = useForm<CollectRestInput, unknown, z.output<typeof collectRestInput>>({
    resolver: zodResolver(collectRestInput),
  })
  useEffect(() => {
    if (open) form.reset({ orderId: order.id, amount: owed, reason: '' })
  }, [open, order.id, owed, form])
  const onSubmit = form.handleSubmit(async (values) => {
    await collect.mutateAsync(values)
    onClose()
  })
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={`Encaisser le reste de la commande #${order.id}`}
      description={`Reste dû : ${formatMoney(owed)}. L’argent est compté dans la caisse de ${
        order.driver?.name ?? 'son livreur'
      }, qui le remet comme le reste.`}
    >
      <form onSubmit={(e) => void onSubmit(e).catch(() => undefined)} noValidate className="space-y-4">
        <FormField
          form={form}
          name="amount"
          id="rest-amount"
          label="Montant reçu (F CFA)"
          options={{ setValueAs: numberOrUndefined }}
        >
          {(control) => <Input type="number" inputMode="numeric" min={1} max={owed} step={1} {...control} />}
        </FormField>
        <FormField form={form} name="reason" id="rest-reason" label="Note (facultative)">
          {(control) => <Input maxLength={300} {...control} />}
        </FormField>
        <FormActions onCancel={onClose} pending={collect.isPending} submitLabel="Enregistrer le paiement" />
      </form>
    </Dialog>
  )
}
