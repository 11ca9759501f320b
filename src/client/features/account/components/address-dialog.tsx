import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { addressInput, type AddressInput, type AddressView } from '@/shared/schemas/addresses'
import type { z } from '@/shared/schemas/zod'
import { Dialog, FormActions } from '@/client/components/ui/dialog'
import { FormField } from '@/client/components/ui/form-field'
import { Input, Select } from '@/client/components/ui/field'
import { useSaveAddress } from '@/client/lib/addresses'
import { ApiError } from '@/client/lib/api'
import { useCities, useZones } from '@/client/lib/reference-data'
import { toast } from '@/client/lib/toast'
import { MapPointField } from './map-point'

type Fields = z.output<typeof addressInput>
const NO_ID = '' as unknown as number

/**
 * Adds an address, or edits `address` when given (docs/rules/people.md#delivery-addresses): a
 * label, a city and zone of the client's country that are delivered to, the address as people
 * write it, a landmark, a second phone and a map point. The server's refusals land on their field.
 */
export default function AddressDialog({
  open,
  onOpenChange,
  countryId,
  address,
}: {
  open: boolean
  onOpenChange: (o: boolean) => void
  countryId: number | null
  address?: AddressView
}) {
  const save = useSaveAddress()
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<AddressInput, unknown, Fields>({ resolver: zodResolver(addressInput) })
  const [cityId, latitude, longitude] = useWatch({
    control: form.control,
    name: ['cityId', 'latitude', 'longitude'],
  })
  const cities = useCities(countryId === null ? null : { countryId })
  const zones = useZones(cityId ? Number(cityId) : null)

  useEffect(() => {
    if (!open) return
    setFailure(null)
    form.reset({
      label: address?.label ?? '',
      cityId: address?.cityId ?? NO_ID,
      zoneId: address?.zoneId ?? NO_ID,
      address: address?.address ?? '',
      landmark: address?.landmark ?? '',
      secondPhone: address?.secondPhone ?? '',
      latitude: address?.latitude ?? null,
      longitude: address?.longitude ?? null,
    })
  }, [open, address, form])

  // The lists arrive after the form's values: show the chosen city and zone once they are there.
  useEffect(() => {
    const c = form.getValues('cityId')
    if (c) form.setValue('cityId', c)
  }, [cities.data, form])
  useEffect(() => {
    const z = form.getValues('zoneId')
    if (z) form.setValue('zoneId', z)
  }, [zones.data, form])

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null)
    try {
      await save.mutateAsync(address ? { id: address.id, ...values } : values)
      toast.success(address ? 'Adresse enregistrée.' : 'Adresse ajoutée.')
      onOpenChange(false)
    } catch (e) {
      const fields = e instanceof ApiError ? Object.entries(e.fieldErrors ?? {}) : []
      for (const [name, [message]] of fields)
        if (name in form.getValues()) form.setError(name as keyof AddressInput, { message })
      if (fields.length === 0)
        setFailure(e instanceof Error ? e.message : 'L’adresse n’a pas été enregistrée.')
    }
  })
  const point = latitude != null && longitude != null ? { latitude, longitude } : null

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={address ? `Modifier l’adresse « ${address.label} »` : 'Ajouter une adresse'}
      description="Là où les rues n’ont pas de nom, un repère aide le livreur à vous trouver."
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
        <FormField
          form={form}
          name="label"
          id="address-label"
          label="Nom de l’adresse"
          hint="Ex. Maison, Bureau"
        >
          {(control) => <Input autoComplete="off" maxLength={40} {...control} />}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField form={form} name="cityId" id="address-city" label="Ville">
            {(control) => (
              <Select
                {...control}
                onChange={(e) => {
                  void control.onChange(e)
                  form.setValue('zoneId', NO_ID)
                }}
              >
                <option value="">{cities.isPending ? 'Chargement…' : 'Choisissez une ville'}</option>
                {cities.data
                  ?.filter((c) => c.deliverable || c.id === address?.cityId)
                  .map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
              </Select>
            )}
          </FormField>
          <FormField form={form} name="zoneId" id="address-zone" label="Zone">
            {(control) => (
              <Select {...control} disabled={!cityId}>
                <option value="">{cityId && zones.isPending ? 'Chargement…' : 'Choisissez une zone'}</option>
                {zones.data?.map((z) => (
                  <option key={z.id} value={z.id}>
                    {z.name}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        </div>
        <FormField
          form={form}
          name="address"
          id="address-text"
          label="Adresse"
          hint="Comme vous la donneriez : quartier, villa, rue s’il y en a une"
        >
          {(control) => <Input autoComplete="street-address" {...control} />}
        </FormField>
        <FormField
          form={form}
          name="landmark"
          id="address-landmark"
          label="Repère (facultatif)"
          hint="Ex. en face de la pharmacie Keur Massar"
        >
          {(control) => <Input {...control} />}
        </FormField>
        <FormField
          form={form}
          name="secondPhone"
          id="address-second-phone"
          label="Autre téléphone (facultatif)"
          hint="Quelqu’un sur place si vous ne répondez pas"
        >
          {(control) => <Input type="tel" autoComplete="tel" {...control} />}
        </FormField>
        <MapPointField
          id="address-point"
          value={point}
          onChange={(p) => {
            form.setValue('latitude', p?.latitude ?? null)
            form.setValue('longitude', p?.longitude ?? null)
          }}
        />
        {failure && (
          <p role="alert" className="text-sm text-red-800">
            {failure}
          </p>
        )}
        <FormActions
          onCancel={() => onOpenChange(false)}
          pending={save.isPending}
          submitLabel={address ? 'Enregistrer' : 'Ajouter l’adresse'}
        />
      </form>
    </Dialog>
  )
}
