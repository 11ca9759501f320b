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
import { Dialog, FormActions } from '@/client/components/ui/dialog'
import { Field, Input, numberOrNull, Select } from '@/client/components/ui/field'
import { useCreateZone, useUpdateZone } from '../api/use-zones'

/** An empty money field is "none" (null); anything else a number the schema checks. */
const optionalFrancs = { setValueAs: numberOrNull }
const requiredFrancs = { setValueAs: (v: unknown) => (v === '' || v == null ? Number.NaN : Number(v)) }

/**
 * Create a zone in a city, or edit `zone` when given (its city stays): its name and its delivery
 * terms (docs/rules.md#delivery-fees).
 */
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
    if (open)
      form.reset({
        name: zone?.name ?? '',
        cityId: zone?.cityId ?? ('' as unknown as number),
        deliveryFee: zone?.deliveryFee ?? 0,
        minOrderAmount: zone?.minOrderAmount ?? null,
        freeDeliveryFrom: zone?.freeDeliveryFrom ?? null,
      })
  }, [open, zone, form])

  const onSubmit = form.handleSubmit(async (values) => {
    const terms = {
      deliveryFee: values.deliveryFee,
      minOrderAmount: values.minOrderAmount ?? null,
      freeDeliveryFrom: values.freeDeliveryFrom ?? null,
    }
    if (zone) await update.mutateAsync({ id: zone.id, name: values.name, ...terms })
    else await create.mutateAsync({ ...values, ...terms })
    onOpenChange(false)
  })
  const pending = create.isPending || update.isPending

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={zone ? 'Modifier la zone' : 'Créer une zone'}>
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
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-stone-800">Livraison (F CFA)</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            <Field
              label="Frais de livraison"
              htmlFor="zone-fee"
              error={errors.deliveryFee?.message}
              hint="0 : livraison gratuite"
            >
              <Input
                id="zone-fee"
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                aria-invalid={!!errors.deliveryFee}
                {...form.register('deliveryFee', requiredFrancs)}
              />
            </Field>
            <Field
              label="Commande minimum"
              htmlFor="zone-minimum"
              error={errors.minOrderAmount?.message}
              hint="Vide : aucun minimum"
            >
              <Input
                id="zone-minimum"
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                aria-invalid={!!errors.minOrderAmount}
                {...form.register('minOrderAmount', optionalFrancs)}
              />
            </Field>
            <Field
              label="Livraison offerte dès"
              htmlFor="zone-free-from"
              error={errors.freeDeliveryFrom?.message}
              hint="Vide : jamais offerte"
            >
              <Input
                id="zone-free-from"
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                aria-invalid={!!errors.freeDeliveryFrom}
                {...form.register('freeDeliveryFrom', optionalFrancs)}
              />
            </Field>
          </div>
        </fieldset>
        <FormActions
          onCancel={() => onOpenChange(false)}
          pending={pending}
          submitLabel={zone ? 'Enregistrer' : 'Créer la zone'}
        />
      </form>
    </Dialog>
  )
}
