import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { createCityInput, type CreateCityInput } from '@/shared/schemas/places'
import type { z } from '@/shared/schemas/zod'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { Field, Input, Select } from '../../../components/ui/field'
import { useCreateCity } from '../api/use-cities'

type Country = { id: number; name: string }

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
  const { errors } = form.formState

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
        <Field label="Nom de la ville" htmlFor="city-name" error={errors.name?.message}>
          <Input id="city-name" aria-invalid={!!errors.name} {...form.register('name')} />
        </Field>
        {fixedCountry ? (
          <Field label="Pays" htmlFor="city-country-fixed" hint="Votre pays : il ne peut pas être changé.">
            <Input id="city-country-fixed" value={fixedCountry.name} readOnly disabled />
          </Field>
        ) : (
          <Field label="Pays" htmlFor="city-country" error={errors.countryId?.message}>
            <Select id="city-country" aria-invalid={!!errors.countryId} {...form.register('countryId')}>
              <option value="">Choisissez un pays</option>
              {countries.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
          </Field>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Annuler
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Enregistrement…' : 'Ajouter la ville'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
