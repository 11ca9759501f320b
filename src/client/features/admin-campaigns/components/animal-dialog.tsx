import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { animalCreateInput, type AnimalView } from '@/shared/schemas/campaigns'
import type { z } from '@/shared/schemas/zod'
import { Dialog, FormActions } from '@/client/components/ui/dialog'
import { Input, Textarea } from '@/client/components/ui/field'
import { FormField } from '@/client/components/ui/form-field'
import { useSaveAnimal } from '../api/use-campaigns'
import { numeric, optionalNumber, requiredNumber } from '../lib/form-values'

type Form = z.input<typeof animalCreateInput>
type Out = z.output<typeof animalCreateInput>
const optionalText = { setValueAs: (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v) }

/**
 * "Ajouter un animal" / "Modifier" (docs/rules/campaigns.md#campaigns): its tag, breed, estimated
 * live weight, age, price and notes. Its photos are added from its card, once it exists.
 */
export function AnimalDialog({
  open,
  onOpenChange,
  campaignId,
  animal,
}: {
  open: boolean
  onOpenChange: (o: boolean) => void
  campaignId: number
  animal?: AnimalView | null
}) {
  const save = useSaveAnimal()
  const form = useForm<Form, unknown, Out>({ resolver: zodResolver(animalCreateInput) })
  useEffect(() => {
    if (open)
      form.reset(
        animal
          ? {
              campaignId,
              tag: animal.tag,
              breed: animal.breed,
              weightKg: animal.weightKg,
              ageMonths: animal.ageMonths,
              price: animal.price,
              notes: animal.notes,
              photoKeys: animal.photos,
            }
          : { campaignId, tag: '', breed: '', ageMonths: null, notes: null, photoKeys: [] },
      )
  }, [open, form, animal, campaignId])

  const onSubmit = form.handleSubmit(async ({ campaignId: _c, ...fields }) => {
    await save.mutateAsync(animal ? { animalId: animal.id, ...fields } : { campaignId, ...fields })
    onOpenChange(false)
  })
  const f = { form } as const

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={animal ? `Modifier l’animal ${animal.tag}` : 'Ajouter un animal'}
    >
      <form onSubmit={(e) => void onSubmit(e).catch(() => undefined)} noValidate className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField {...f} name="tag" id="animal-tag" label="Numéro de boucle">
            {(control) => <Input autoComplete="off" autoCapitalize="characters" {...control} />}
          </FormField>
          <FormField {...f} name="breed" id="animal-breed" label="Race" hint="Ex. Ladoum, Touabire">
            {(control) => <Input autoComplete="off" {...control} />}
          </FormField>
          <FormField
            {...f}
            name="weightKg"
            id="animal-weight"
            label="Poids vif estimé (kg)"
            options={requiredNumber}
          >
            {(control) => <Input {...numeric} {...control} />}
          </FormField>
          <FormField {...f} name="ageMonths" id="animal-age" label="Âge (mois)" options={optionalNumber}>
            {(control) => <Input {...numeric} {...control} />}
          </FormField>
          <FormField {...f} name="price" id="animal-price" label="Prix (F CFA)" options={requiredNumber}>
            {(control) => <Input {...numeric} {...control} />}
          </FormField>
        </div>
        <FormField {...f} name="notes" id="animal-notes" label="Notes" options={optionalText}>
          {(control) => <Textarea rows={3} {...control} />}
        </FormField>
        <FormActions
          onCancel={() => onOpenChange(false)}
          pending={save.isPending}
          submitLabel={animal ? 'Enregistrer' : 'Ajouter l’animal'}
        />
      </form>
    </Dialog>
  )
}
