import { zodResolver } from '@hookform/resolvers/zod'
import { Plus, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useForm, type UseFormRegisterReturn } from 'react-hook-form'
import { createCountryInput, type AdminCountry, type CreateCountryInput } from '@/shared/schemas/places'
import type { z } from '@/shared/schemas/zod'
import { Button } from '@/client/components/ui/button'
import { Dialog, FormActions } from '@/client/components/ui/dialog'
import { Field, Input, Select } from '@/client/components/ui/field'
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
}
/** The reference countries' zones, each once, in alphabetical order (docs/rules.md#time-zones). */
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
  const { errors } = form.formState

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
  const providersError = errors.mobileMoneyProviders?.message ?? errors.mobileMoneyProviders?.root?.message

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={country ? `Modifier ${country.name}` : 'Ajouter un pays'}
    >
      <form onSubmit={(e) => void onSubmit(e).catch(() => undefined)} noValidate className="space-y-4">
        <Field label="Nom du pays" htmlFor="country-name" error={errors.name?.message}>
          <Input id="country-name" aria-invalid={!!errors.name} {...form.register('name')} />
        </Field>
        <div className="grid grid-cols-3 gap-3">
          <Field label="Code" htmlFor="country-code" error={errors.code?.message} hint="2 lettres">
            <Input
              id="country-code"
              maxLength={2}
              className="uppercase"
              aria-invalid={!!errors.code}
              {...upperCased(form.register('code'))}
            />
          </Field>
          <Field label="Devise" htmlFor="country-currency" error={errors.currency?.message} hint="3 lettres">
            <Input
              id="country-currency"
              maxLength={3}
              className="uppercase"
              aria-invalid={!!errors.currency}
              {...upperCased(form.register('currency'))}
            />
          </Field>
          <Field label="Indicatif" htmlFor="country-dial" error={errors.dialCode?.message} hint="ex. +221">
            <Input
              id="country-dial"
              inputMode="tel"
              aria-invalid={!!errors.dialCode}
              {...form.register('dialCode')}
            />
          </Field>
          <Field
            label="Téléphone de la boutique"
            htmlFor="country-shop-phone"
            error={errors.shopPhone?.message}
            hint="affiché sur les pages Contact et de confirmation"
          >
            <Input
              id="country-shop-phone"
              type="tel"
              inputMode="tel"
              aria-invalid={!!errors.shopPhone}
              {...form.register('shopPhone')}
            />
          </Field>
          <Field
            label="WhatsApp de la boutique"
            htmlFor="country-shop-whatsapp"
            error={errors.shopWhatsapp?.message}
          >
            <Input
              id="country-shop-whatsapp"
              type="tel"
              inputMode="tel"
              aria-invalid={!!errors.shopWhatsapp}
              {...form.register('shopWhatsapp')}
            />
          </Field>
        </div>
        <Field
          label="Fuseau horaire"
          htmlFor="country-time-zone"
          error={errors.timeZone?.message}
          hint="Les créneaux de livraison et les journées du pays se lisent à cette heure."
        >
          <Select id="country-time-zone" aria-invalid={!!errors.timeZone} {...form.register('timeZone')}>
            {[...new Set([...timeZoneChoices, country?.timeZone ?? DEFAULT_TIME_ZONE])].map((tz) => (
              <option key={tz} value={tz}>
                {tz}
              </option>
            ))}
          </Select>
        </Field>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-stone-800">Fournisseurs Mobile Money</legend>
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
          {providersError && (
            <p role="alert" className="text-sm text-red-700">
              {providersError}
            </p>
          )}
        </fieldset>
        <FormActions
          onCancel={() => onOpenChange(false)}
          pending={pending}
          submitLabel={country ? 'Enregistrer' : 'Ajouter le pays'}
        />
      </form>
    </Dialog>
  )
}
