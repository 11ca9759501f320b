import { zodResolver } from '@hookform/resolvers/zod'
import { Plus, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useForm, type UseFormRegisterReturn } from 'react-hook-form'
import { createCountryInput, type AdminCountry, type CreateCountryInput } from '@/shared/schemas/places'
import type { z } from '@/shared/schemas/zod'
import { Button } from '@/client/components/ui/button'
import { Dialog, FormActions } from '@/client/components/ui/dialog'
import { FormField, FormFieldGroup } from '@/client/components/ui/form-field'
import { Input, Select } from '@/client/components/ui/field'
import { DEFAULT_TIME_ZONE, timeZoneByCountryCode } from '@/shared/domain/time-zones'
import { useCreateCountry, useUpdateCountry } from '../api/use-countries'

type Values = z.output<typeof createCountryInput>
const blank: CreateCountryInput = {
  name: '',
  code: '',
  currency: '',
  dialCode: '',
  timeZone: DEFAULT_TIME_ZONE,
  mobileMoneyProviders: [''],
  shopPhone: '',
  shopWhatsapp: '',
  halalStatement: '',
  confirmAbove: '',
}
/** The reference countries' zones, each once, in alphabetical order (docs/rules/delivery.md#time-zones). */
const timeZoneChoices = [...new Set([...Object.values(timeZoneByCountryCode), DEFAULT_TIME_ZONE])].sort()
/** Upper-cases the field as it is typed (the schema upper-cases it too). */
const upperCased = <R extends UseFormRegisterReturn>(reg: R): R => ({
  ...reg,
  onChange: (e: { target: HTMLInputElement }) => {
    e.target.value = e.target.value.toUpperCase()
    return reg.onChange(e)
  },
})

/** Add a country, or edit one when `country` is given (root). */
export function CountryDialog({
  open,
  onOpenChange,
  country,
}: {
  open: boolean
  onOpenChange: (o: boolean) => void
  country?: AdminCountry
}) {
  const create = useCreateCountry()
  const update = useUpdateCountry()
  const form = useForm<CreateCountryInput, unknown, Values>({
    resolver: zodResolver(createCountryInput),
    defaultValues: blank,
  })
  const [providers, setProviders] = useState(1)

  useEffect(() => {
    if (!open) return
    const values = country
      ? {
          name: country.name,
          code: country.code,
          currency: country.currency,
          dialCode: country.dialCode,
          timeZone: country.timeZone,
          mobileMoneyProviders: [...country.mobileMoneyProviders],
          shopPhone: country.shopPhone ?? '',
          shopWhatsapp: country.shopWhatsapp ?? '',
          halalStatement: country.halalStatement ?? '',
          confirmAbove: country.confirmAbove == null ? '' : String(country.confirmAbove),
        }
      : blank
    if (values.mobileMoneyProviders.length === 0) values.mobileMoneyProviders = ['']
    form.reset(values)
    setProviders(values.mobileMoneyProviders.length)
  }, [open, country, form])

  const removeProvider = (i: number) => {
    const list = form.getValues('mobileMoneyProviders').filter((_, j) => j !== i)
    form.setValue('mobileMoneyProviders', list.length ? list : [''])
    setProviders(Math.max(1, list.length))
  }

  const onSubmit = form.handleSubmit(async (values) => {
    if (country) await update.mutateAsync({ id: country.id, ...values })
    else await create.mutateAsync(values)
    onOpenChange(false)
  })
  const pending = create.isPending || update.isPending

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={country ? `Modifier ${country.name}` : 'Ajouter un pays'}
    >
      <form onSubmit={(e) => void onSubmit(e).catch(() => undefined)} noValidate className="space-y-4">
        <FormField form={form} name="name" id="country-name" label="Nom du pays">
          {(control) => <Input {...control} />}
        </FormField>
        <div className="grid grid-cols-3 gap-3">
          <FormField form={form} name="code" id="country-code" label="Code" hint="2 lettres">
            {(control) => <Input maxLength={2} className="uppercase" {...upperCased(control)} />}
          </FormField>
          <FormField form={form} name="currency" id="country-currency" label="Devise" hint="3 lettres">
            {(control) => <Input maxLength={3} className="uppercase" {...upperCased(control)} />}
          </FormField>
          <FormField form={form} name="dialCode" id="country-dial" label="Indicatif" hint="ex. +221">
            {(control) => <Input inputMode="tel" {...control} />}
          </FormField>
          <FormField
            form={form}
            name="shopPhone"
            id="country-shop-phone"
            label="Téléphone de la boutique"
            hint="affiché sur les pages Contact et de confirmation"
          >
            {(control) => <Input type="tel" inputMode="tel" {...control} />}
          </FormField>
          <FormField
            form={form}
            name="shopWhatsapp"
            id="country-shop-whatsapp"
            label="WhatsApp de la boutique"
          >
            {(control) => <Input type="tel" inputMode="tel" {...control} />}
          </FormField>
        </div>
        <FormField
          form={form}
          name="halalStatement"
          id="country-halal-statement"
          label="Déclaration halal"
          hint="Affichée sur chaque fiche produit et en bas de page (ex. Toute notre viande est abattue selon le rite musulman)."
        >
          {(control) => <Input {...control} />}
        </FormField>
        <FormField
          form={form}
          name="confirmAbove"
          id="country-confirm-above"
          label="Confirmation au-delà de"
          hint="Montant dans la devise du pays : une commande payée à la livraison au-dessus attend la confirmation du client avant la préparation. Vide : aucun montant."
        >
          {(control) => <Input inputMode="numeric" {...control} />}
        </FormField>
        <FormField
          form={form}
          name="timeZone"
          id="country-time-zone"
          label="Fuseau horaire"
          hint="Les créneaux de livraison et les journées du pays se lisent à cette heure."
        >
          {(control) => (
            <Select {...control}>
              {[...new Set([...timeZoneChoices, country?.timeZone ?? DEFAULT_TIME_ZONE])].map((tz) => (
                <option key={tz} value={tz}>
                  {tz}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        {/* The list's error is about every line: each is marked, and read out with it. */}
        <FormFieldGroup
          form={form}
          name="mobileMoneyProviders"
          id="country-providers"
          legend="Fournisseurs Mobile Money"
        >
          {Array.from({ length: providers }, (_, i) => (
            <div key={i} className="flex gap-2">
              <Input
                aria-label={`Fournisseur ${i + 1}`}
                placeholder="ex. Orange Money"
                {...form.register(`mobileMoneyProviders.${i}`)}
              />
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Retirer le fournisseur ${i + 1}`}
                onClick={() => removeProvider(i)}
              >
                <X className="h-4 w-4" aria-hidden />
              </Button>
            </div>
          ))}
          <Button variant="outline" size="sm" onClick={() => setProviders((n) => n + 1)}>
            <Plus className="h-4 w-4" aria-hidden /> Ajouter un fournisseur
          </Button>
        </FormFieldGroup>
        <FormActions
          onCancel={() => onOpenChange(false)}
          pending={pending}
          submitLabel={country ? 'Enregistrer' : 'Ajouter le pays'}
        />
      </form>
    </Dialog>
  )
}
