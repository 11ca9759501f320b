import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { createCityInput, updateCityInput, type CreateCityInput } from '@/shared/schemas/places'
import type { z } from '@/shared/schemas/zod'
import { Button } from '@/client/components/ui/button'
import { Dialog, FormActions } from '@/client/components/ui/dialog'
import { FormField } from '@/client/components/ui/form-field'
import { Field, Input, Select } from '@/client/components/ui/field'
import { useUpdateCity } from '@/client/lib/staff-places'
import { staffErrorText } from '@/client/lib/error-text'
import { cityUpdateFeedback, useCreateCity } from '../api/use-cities'
import { CountryOptions } from '@/client/components/country-options'

type Country = { id: number; name: string }
const renameCityInput = updateCityInput.pick({ name: true }).required()
type RenameCityInput = z.input<typeof renameCityInput>

/** Add a city: root picks its country; a super_admin's is its own, shown read-only. */
export function CityDialog({
  open,
  onOpenChange,
  countries,
  fixedCountry,
}: {
  open: boolean
  onOpenChange: (o: boolean) => void
  countries: Country[]
  fixedCountry?: Country | null
}) {
  const create = useCreateCity()
  const form = useForm<CreateCityInput, unknown, z.output<typeof createCityInput>>({
    resolver: zodResolver(createCityInput),
  })

  useEffect(() => {
    if (open) form.reset({ name: '', countryId: fixedCountry?.id ?? ('' as unknown as number) })
  }, [open, fixedCountry, form])

  const onSubmit = form.handleSubmit(async (values) => {
    await create.mutateAsync(values)
    onOpenChange(false)
  })

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Ajouter une ville">
      <form onSubmit={(e) => void onSubmit(e).catch(() => undefined)} noValidate className="space-y-4">
        <FormField form={form} name="name" id="city-name" label="Nom de la ville">
          {(control) => <Input {...control} />}
        </FormField>
        {fixedCountry ? (
          <Field label="Pays" htmlFor="city-country-fixed" hint="Votre pays : il ne peut pas être changé.">
            <Input id="city-country-fixed" value={fixedCountry.name} readOnly disabled />
          </Field>
        ) : (
          <FormField form={form} name="countryId" id="city-country" label="Pays">
            {(control) => (
              <Select {...control}>
                <CountryOptions countries={countries} none="Choisissez un pays" />
              </Select>
            )}
          </FormField>
        )}
        <FormActions
          onCancel={() => onOpenChange(false)}
          pending={create.isPending}
          submitLabel={'Ajouter la ville'}
        />
      </form>
    </Dialog>
  )
}

/**
 * Rename a city (POST /_api/admin/cities/update with its name). The server's French refusal
 * (a name taken in the country, say) is shown under the field, the dialog stays open.
 */
export function RenameCityDialog({
  city,
  onOpenChange,
}: {
  city: { id: number; name: string }
  onOpenChange: (o: boolean) => void
}) {
  const update = useUpdateCity(cityUpdateFeedback)
  const form = useForm<RenameCityInput, unknown, z.output<typeof renameCityInput>>({
    resolver: zodResolver(renameCityInput),
    defaultValues: { name: city.name },
  })

  const onSubmit = form.handleSubmit(async ({ name }) => {
    try {
      await update.mutateAsync({ id: city.id, name })
      onOpenChange(false)
    } catch (e) {
      form.setError('name', { message: staffErrorText(e) })
    }
  })

  return (
    <Dialog open onOpenChange={onOpenChange} title={`Renommer la ville ${city.name}`}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
        <FormField form={form} name="name" id="city-rename" label="Nouveau nom">
          {(control) => <Input autoFocus {...control} />}
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Annuler
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Enregistrement…' : 'Renommer'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
