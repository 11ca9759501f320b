import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm, type Resolver } from 'react-hook-form'
import type { AdminSlotView } from '@/shared/schemas/campaign-setup'
import { slotCreateInput } from '@/shared/schemas/campaigns'
import type { z } from '@/shared/schemas/zod'
import { Dialog, FormActions } from '@/client/components/ui/dialog'
import { Input, Select } from '@/client/components/ui/field'
import { FormField } from '@/client/components/ui/form-field'
import { useSaveSlot } from '../api/use-campaigns'
import { numeric, requiredNumber, toLocalInput, withInstants } from '../lib/form-values'

type Form = z.input<typeof slotCreateInput>
type Out = z.output<typeof slotCreateInput>
const resolver: Resolver<Form, unknown, Out> = (values, ctx, opts) =>
  zodResolver(slotCreateInput)(withInstants(values, ['startsAt', 'endsAt']), ctx, opts as never) as never

/**
 * "Ajouter un créneau" / "Modifier" (docs/rules/campaigns.md#campaigns): delivery on the eve or
 * collection at the shop, its window, capacity and price; a capacity never below the places taken.
 */
export function SlotDialog({
  open,
  onOpenChange,
  campaignId,
  slot,
}: {
  open: boolean
  onOpenChange: (o: boolean) => void
  campaignId: number
  slot?: AdminSlotView | null
}) {
  const save = useSaveSlot()
  const form = useForm<Form, unknown, Out>({ resolver })
  useEffect(() => {
    if (open)
      form.reset(
        slot
          ? {
              campaignId,
              kind: slot.kind,
              startsAt: toLocalInput(slot.startsAt),
              endsAt: toLocalInput(slot.endsAt),
              capacity: slot.capacity,
              price: slot.price,
            }
          : { campaignId, kind: 'delivery', startsAt: '', endsAt: '', price: 0 },
      )
  }, [open, form, slot, campaignId])

  const onSubmit = form.handleSubmit(async ({ campaignId: _c, ...fields }) => {
    const wire = { ...fields, startsAt: fields.startsAt.toISOString(), endsAt: fields.endsAt.toISOString() }
    await save.mutateAsync(slot ? { slotId: slot.id, ...wire } : { campaignId, ...wire })
    onOpenChange(false)
  })
  const f = { form } as const

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={slot ? 'Modifier le créneau' : 'Ajouter un créneau'}
    >
      <form onSubmit={(e) => void onSubmit(e).catch(() => undefined)} noValidate className="space-y-4">
        <FormField {...f} name="kind" id="slot-kind" label="Type">
          {(control) => (
            <Select {...control}>
              <option value="delivery">Livraison la veille</option>
              <option value="collection">Retrait à la boutique</option>
            </Select>
          )}
        </FormField>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField {...f} name="startsAt" id="slot-start" label="Début">
            {(control) => <Input type="datetime-local" {...control} />}
          </FormField>
          <FormField {...f} name="endsAt" id="slot-end" label="Fin">
            {(control) => <Input type="datetime-local" {...control} />}
          </FormField>
          <FormField {...f} name="capacity" id="slot-capacity" label="Capacité" options={requiredNumber}>
            {(control) => <Input {...numeric} min={1} {...control} />}
          </FormField>
          <FormField {...f} name="price" id="slot-price" label="Prix (F CFA)" options={requiredNumber}>
            {(control) => <Input {...numeric} {...control} />}
          </FormField>
        </div>
        <FormActions
          onCancel={() => onOpenChange(false)}
          pending={save.isPending}
          submitLabel={slot ? 'Enregistrer' : 'Ajouter le créneau'}
        />
      </form>
    </Dialog>
  )
}
