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
import { FormField } from '@/client/components/ui/form-field'
import { Input, numberOrNull, Select } from '@/client/components/ui/field'
import { useCreateZone, useUpdateZone } from '../api/use-zones'

/** An empty money field is "none" (null); anything else a number the schema checks. */
const optionalFrancs = { setValueAs: numberOrNull }
const requiredFrancs = { setValueAs: (v: unknown) => (v === '' || v == null ? Number.NaN : Number(v)) }

/**
 * Create a zone in a city, or edit `zone` when given (its city stays): its name and its delivery
 * terms (docs/rules/delivery.md#delivery-fees).
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
        <FormField form={form} name="name" id="zone-name" label="Nom de la zone">
          {(control) => <Input {...control} />}
        </FormField>
        {zone ? (
          <p className="text-sm text-stone-600">
            Ville : {zone.city.name} ({zone.city.country.name})
          </p>
        ) : (
          <FormField form={form} name="cityId" id="zone-city" label="Ville">
            {(control) => (
              <Select {...control}>
                <option value="">Choisissez une ville</option>
                {cities.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name} ({c.country.name}){c.isActive ? '' : ' — inactive'}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        )}
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-stone-800">Livraison (F CFA)</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            <FormField
              form={form}
              name="deliveryFee"
              id="zone-fee"
              label="Frais de livraison"
              hint="0 : livraison gratuite"
              options={requiredFrancs}
            >
              {(control) => <Input type="number" inputMode="numeric" min={0} step={1} {...control} />}
            </FormField>
            <FormField
              form={form}
              name="minOrderAmount"
              id="zone-minimum"
              label="Commande minimum"
              hint="Vide : aucun minimum"
              options={optionalFrancs}
            >
              {(control) => <Input type="number" inputMode="numeric" min={0} step={1} {...control} />}
            </FormField>
            <FormField
              form={form}
              name="freeDeliveryFrom"
              id="zone-free-from"
              label="Livraison offerte dès"
              hint="Vide : jamais offerte"
              options={optionalFrancs}
            >
              {(control) => <Input type="number" inputMode="numeric" min={0} step={1} {...control} />}
            </FormField>
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
