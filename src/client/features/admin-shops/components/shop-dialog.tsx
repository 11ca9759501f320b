import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { createShopInput, type CreateShopInput, type ShopView } from '@/shared/schemas/shops'
import type { z } from '@/shared/schemas/zod'
import { Dialog, FormActions } from '@/client/components/ui/dialog'
import { FormField } from '@/client/components/ui/form-field'
import { Input, Select, Textarea } from '@/client/components/ui/field'
import { Switch } from '@/client/components/ui/switch'
import { useCreateShop, useUpdateShop } from '../api/use-shops'

type City = { id: number; name: string; country: { name: string } }

/** Add a shop, or change one (its city stays): name, address, map point, hours, phone, active. */
export function ShopDialog({
  open,
  onOpenChange,
  cities,
  shop,
}: {
  open: boolean
  onOpenChange: (o: boolean) => void
  cities: City[]
  shop?: ShopView | null
}) {
  const create = useCreateShop()
  const update = useUpdateShop()
  const form = useForm<CreateShopInput, unknown, z.output<typeof createShopInput>>({
    resolver: zodResolver(createShopInput),
  })
  const isActive = useWatch({ control: form.control, name: 'isActive' })
  useEffect(() => {
    if (open)
      form.reset({
        cityId: shop?.cityId ?? ('' as unknown as number),
        name: shop?.name ?? '',
        address: shop?.address ?? '',
        hours: shop?.hours ?? '',
        phone: shop?.phone ?? '',
        latitude: shop?.latitude ?? null,
        longitude: shop?.longitude ?? null,
        isActive: shop?.isActive ?? true,
      })
  }, [open, shop, form])

  const onSubmit = form.handleSubmit(async ({ cityId, ...values }) => {
    if (shop) await update.mutateAsync({ id: shop.id, ...values })
    else await create.mutateAsync({ cityId, ...values })
    onOpenChange(false)
  })
  const point = (v: unknown) =>
    v == null || String(v).trim() === '' ? null : Number(String(v).replace(',', '.'))

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={shop ? `Modifier ${shop.name}` : 'Ajouter une boutique'}
    >
      <form onSubmit={(e) => void onSubmit(e).catch(() => undefined)} noValidate className="space-y-4">
        <FormField form={form} name="cityId" id="shop-city" label="Ville">
          {(control) => (
            <Select {...control} disabled={!!shop}>
              <option value="">Choisissez une ville</option>
              {cities.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} ({c.country.name})
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField form={form} name="name" id="shop-name" label="Nom de la boutique">
          {(control) => <Input {...control} />}
        </FormField>
        <FormField form={form} name="address" id="shop-address" label="Adresse">
          {(control) => <Input {...control} />}
        </FormField>
        <FormField
          form={form}
          name="hours"
          id="shop-hours"
          label="Horaires d’ouverture"
          hint="Ex. Lun–sam 8:00–19:00"
        >
          {(control) => <Textarea rows={2} {...control} />}
        </FormField>
        <FormField form={form} name="phone" id="shop-phone" label="Téléphone (facultatif)">
          {(control) => <Input type="tel" {...control} />}
        </FormField>
        <div className="grid grid-cols-2 gap-3">
          <FormField
            form={form}
            name="latitude"
            id="shop-lat"
            label="Latitude (facultatif)"
            options={{ setValueAs: point }}
          >
            {(control) => <Input inputMode="decimal" {...control} />}
          </FormField>
          <FormField
            form={form}
            name="longitude"
            id="shop-lng"
            label="Longitude (facultatif)"
            options={{ setValueAs: point }}
          >
            {(control) => <Input inputMode="decimal" {...control} />}
          </FormField>
        </div>
        <label className="flex items-center gap-3 text-sm">
          <Switch
            checked={isActive ?? true}
            onCheckedChange={(v) => form.setValue('isActive', v)}
            label="Boutique ouverte aux retraits"
          />
          Ouverte aux retraits
        </label>
        <FormActions
          onCancel={() => onOpenChange(false)}
          pending={create.isPending || update.isPending}
          submitLabel={shop ? 'Enregistrer' : 'Ajouter la boutique'}
        />
      </form>
    </Dialog>
  )
}
