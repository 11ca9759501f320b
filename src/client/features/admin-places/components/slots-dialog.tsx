import { ActiveSwitch } from './active-badge'
import { zodResolver } from '@hookform/resolvers/zod'
import { Pencil } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { formatCutoff, formatSlotWindow } from '@/shared/domain/delivery-slots'
import { createSlotInput, type AdminSlot, type CreateSlotInput } from '@/shared/schemas/slots'
import type { z } from '@/shared/schemas/zod'
import { Button } from '@/client/components/ui/button'
import { RowActions } from '@/client/components/ui/row-actions'
import { Dialog } from '@/client/components/ui/dialog'
import { FormField } from '@/client/components/ui/form-field'
import { Input } from '@/client/components/ui/field'
import { QueryState } from '@/client/components/ui/query-state'
import { SkeletonRows } from '@/client/components/ui/skeleton'
import { Table, TBody, Td, Th, THead, Tr } from '@/client/components/ui/table'
import { staffErrorText } from '@/client/lib/error-text'
import { useCitySlots } from '@/client/lib/staff-places'
import { useCreateSlot, useUpdateSlot } from '../api/use-slots'

type Values = z.output<typeof createSlotInput>
const blank = (cityId: number): CreateSlotInput => ({
  cityId,
  startsAt: '',
  endsAt: '',
  capacity: 10,
  cutoffMinutes: 120,
})

/**
 * A city's delivery slots (docs/rules/delivery.md#delivery-slots): the list, with each one's switch, and a
 * form that adds a slot or edits the one picked. Times are the country's local times.
 */
export function SlotsDialog({
  city,
  onOpenChange,
  shop,
}: {
  city: { id: number; name: string }
  onOpenChange: (o: boolean) => void
  /** docs/rules/pickup.md#collection-slots: a shop's collection slots instead of the city's delivery slots. */
  shop?: { id: number; name: string }
}) {
  const slots = useCitySlots(city.id, shop?.id)
  const create = useCreateSlot()
  const update = useUpdateSlot()
  const [editing, setEditing] = useState<AdminSlot | null>(null)
  const form = useForm<CreateSlotInput, unknown, Values>({
    resolver: zodResolver(createSlotInput),
    defaultValues: blank(city.id),
  })

  useEffect(() => {
    form.reset(
      editing
        ? {
            cityId: city.id,
            startsAt: editing.startsAt,
            endsAt: editing.endsAt,
            capacity: editing.capacity,
            cutoffMinutes: editing.cutoffMinutes,
          }
        : blank(city.id),
    )
  }, [editing, city.id, form])

  const onSubmit = form.handleSubmit(async ({ cityId: _city, ...values }) => {
    if (editing) await update.mutateAsync({ id: editing.id, ...values })
    else await create.mutateAsync({ cityId: city.id, ...(shop && { shopId: shop.id }), ...values })
    setEditing(null)
    form.reset(blank(city.id))
  })
  const pending = create.isPending || update.isPending

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={shop ? `Créneaux de retrait — ${shop.name}` : `Créneaux de livraison — ${city.name}`}
      description={
        slots.data
          ? `Heures locales (${slots.data.timeZone}). Le client choisit un créneau parmi les trois prochains jours.`
          : 'Heures locales du pays.'
      }
      className="sm:max-w-2xl"
    >
      <QueryState
        query={slots}
        loading={<SkeletonRows count={3} />}
        empty={
          shop
            ? 'Aucun créneau : les retraits à cette boutique se passent sans créneau.'
            : 'Aucun créneau : les commandes de cette ville se passent sans créneau.'
        }
        isEmpty={(d) => d.slots.length === 0}
        errorMessage={(e) => staffErrorText(e, { fallback: 'Failed to fetch slots' })}
      >
        {({ slots: list }) => (
          <Table aria-label={`Créneaux de ${shop?.name ?? city.name}`}>
            <THead>
              <tr>
                <Th>Créneau</Th>
                <Th>Capacité / jour</Th>
                <Th>Clôture</Th>
                <Th className="text-right">Actions</Th>
              </tr>
            </THead>
            <TBody>
              {list.map((s) => {
                const window = formatSlotWindow(s.startsAt, s.endsAt)
                return (
                  <Tr key={s.id}>
                    <Td className="font-medium whitespace-nowrap text-stone-900">{window}</Td>
                    <Td className="tabular-nums">{s.capacity} commandes</Td>
                    <Td className="whitespace-nowrap">{formatCutoff(s.cutoffMinutes)} avant</Td>
                    <Td>
                      <RowActions
                        actions={[
                          {
                            label: `Modifier le créneau ${window}`,
                            text: 'Modifier',
                            icon: Pencil,
                            onClick: () => setEditing(s),
                          },
                        ]}
                      >
                        <ActiveSwitch
                          id={s.id}
                          active={s.isActive}
                          update={update}
                          what={`le créneau ${window}`}
                        />
                      </RowActions>
                    </Td>
                  </Tr>
                )
              })}
            </TBody>
          </Table>
        )}
      </QueryState>
      <form
        onSubmit={(e) => void onSubmit(e).catch(() => undefined)}
        noValidate
        className="mt-5 space-y-3 border-t border-stone-200 pt-4"
      >
        <h3 className="text-sm font-semibold text-stone-900">
          {editing
            ? `Modifier le créneau ${formatSlotWindow(editing.startsAt, editing.endsAt)}`
            : 'Ajouter un créneau'}
        </h3>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <FormField form={form} name="startsAt" id="slot-start" label="Début">
            {(control) => <Input type="time" {...control} />}
          </FormField>
          <FormField form={form} name="endsAt" id="slot-end" label="Fin">
            {(control) => <Input type="time" {...control} />}
          </FormField>
          <FormField
            form={form}
            name="capacity"
            id="slot-capacity"
            label="Capacité"
            hint="Commandes par jour"
          >
            {(control) => <Input type="number" inputMode="numeric" min={1} max={1000} {...control} />}
          </FormField>
          <FormField
            form={form}
            name="cutoffMinutes"
            id="slot-cutoff"
            label="Clôture (min)"
            hint="Minutes avant le début"
          >
            {(control) => <Input type="number" inputMode="numeric" min={0} max={2880} {...control} />}
          </FormField>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {editing && (
            <Button variant="outline" onClick={() => setEditing(null)}>
              Annuler la modification
            </Button>
          )}
          <Button type="submit" disabled={pending}>
            {pending ? 'Enregistrement…' : editing ? 'Enregistrer le créneau' : 'Ajouter le créneau'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
