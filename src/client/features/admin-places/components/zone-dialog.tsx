import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import {
  createZoneInput,
  type AdminCity,
  type AdminZone,
  type CreateZoneInput,
} from '@/shared/schemas/places'
import type { z } from '@/shared/schemas/zod'
import { Button } from '@/client/components/ui/button'
import { Dialog } from '@/client/components/ui/dialog'
import { Field, Input, Select } from '@/client/components/ui/field'
import { useCreateZone, useUpdateZone } from '../api/use-zones'

/** Create a zone in a city, or rename `zone` when given (its city stays). */
export function ZoneDialog({
  open,
  onOpenChange,
  cities,
  zone,
}: {
  open: boolean
  onOpenChange: (o: boolean) => void
  cities: AdminCity[]
  zone?: AdminZone
}) {
  const create = useCreateZone()
  const update = useUpdateZone()
  const form = useForm<CreateZoneInput, unknown, z.output<typeof createZoneInput>>({
    resolver: zodResolver(createZoneInput),
  })
  const { errors } = form.formState

  useEffect(() => {
    if (open) form.reset({ name: zone?.name ?? '', cityId: zone?.cityId ?? ('' as unknown as number) })
  }, [open, zone, form])

  const onSubmit = form.handleSubmit(async (values) => {
    if (zone) await update.mutateAsync({ id: zone.id, name: values.name })
    else await create.mutateAsync(values)
    onOpenChange(false)
  })
  const pending = create.isPending || update.isPending

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={zone ? 'Renommer la zone' : 'Créer une zone'}>
      <form onSubmit={(e) => void onSubmit(e).catch(() => undefined)} noValidate className="space-y-4">
        <Field label="Nom de la zone" htmlFor="zone-name" error={errors.name?.message}>
          <Input id="zone-name" aria-invalid={!!errors.name} {...form.register('name')} />
        </Field>
        {zone ? (
          <p className="text-sm text-stone-600">
            Ville : {zone.city.name} ({zone.city.country.name})
          </p>
        ) : (
          <Field label="Ville" htmlFor="zone-city" error={errors.cityId?.message}>
            <Select id="zone-city" aria-invalid={!!errors.cityId} {...form.register('cityId')}>
              <option value="">Choisissez une ville</option>
              {cities.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} ({c.country.name}){c.isActive ? '' : ' — inactive'}
                </option>
              ))}
            </Select>
          </Field>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Annuler
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? 'Enregistrement…' : zone ? 'Renommer' : 'Créer la zone'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
