import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { createCouponInput, type CreateCouponInput } from '@/shared/schemas/coupons'
import type { z } from '@/shared/schemas/zod'
import { Dialog, FormActions } from '@/client/components/ui/dialog'
import { FormField } from '@/client/components/ui/form-field'
import { Input, numberOrNull, Select } from '@/client/components/ui/field'
import { useCreateCoupon } from '../api/use-coupons'

/** An empty number field is "no limit" (null); anything else a number the schema checks. */
const optionalNumber = { setValueAs: numberOrNull }
const requiredNumber = { setValueAs: (v: unknown) => (v === '' || v == null ? Number.NaN : Number(v)) }
const optionalDay = { setValueAs: (v: unknown) => (v === '' || v == null ? null : String(v)) }
const numeric = { type: 'number', inputMode: 'numeric', min: 1, step: 1 } as const

/**
 * "Créer un code promo" (docs/rules/commerce.md#coupons): the code, percent or amount, and the
 * limits (each left empty: none). Root chooses the country; staff create in their own.
 */
export function CouponDialog({
  open,
  onOpenChange,
  countries,
}: {
  open: boolean
  onOpenChange: (o: boolean) => void
  /** The countries root chooses from; none for staff of one country. */
  countries: { id: number; name: string }[] | null
}) {
  const create = useCreateCoupon()
  const form = useForm<CreateCouponInput, unknown, z.output<typeof createCouponInput>>({
    resolver: zodResolver(createCouponInput),
  })
  useEffect(() => {
    if (open)
      form.reset({
        code: '',
        kind: 'percent',
        value: 10,
        maxUses: null,
        maxAmount: null,
        perClient: 1,
        minOrder: null,
        validFrom: null,
        validTo: null,
        firstOrderOnly: false,
      })
  }, [open, form])

  const onSubmit = form.handleSubmit(async (values) => {
    await create.mutateAsync(values)
    onOpenChange(false)
  })

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Créer un code promo">
      <form onSubmit={(e) => void onSubmit(e).catch(() => undefined)} noValidate className="space-y-4">
        {countries && (
          <FormField form={form} name="countryId" id="coupon-country" label="Pays" options={optionalNumber}>
            {(control) => (
              <Select {...control}>
                <option value="">Choisissez un pays</option>
                {countries.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        )}
        <div className="grid gap-3 sm:grid-cols-3">
          <FormField form={form} name="code" id="coupon-code" label="Code" hint="Ex. TABASKI10">
            {(control) => <Input autoCapitalize="characters" autoComplete="off" {...control} />}
          </FormField>
          <FormField form={form} name="kind" id="coupon-kind" label="Type">
            {(control) => (
              <Select {...control}>
                <option value="percent">Pourcentage</option>
                <option value="amount">Montant (F CFA)</option>
              </Select>
            )}
          </FormField>
          <FormField form={form} name="value" id="coupon-value" label="Valeur" options={requiredNumber}>
            {(control) => <Input {...numeric} {...control} />}
          </FormField>
        </div>
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-stone-800">Limites (vide : aucune)</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField
              form={form}
              name="maxUses"
              id="coupon-max-uses"
              label="Utilisations au total"
              options={optionalNumber}
            >
              {(control) => <Input {...numeric} {...control} />}
            </FormField>
            <FormField
              form={form}
              name="maxAmount"
              id="coupon-max-amount"
              label="Budget (F CFA)"
              options={optionalNumber}
            >
              {(control) => <Input {...numeric} {...control} />}
            </FormField>
            <FormField
              form={form}
              name="perClient"
              id="coupon-per-client"
              label="Par client"
              hint="Compté par numéro de téléphone"
              options={optionalNumber}
            >
              {(control) => <Input {...numeric} {...control} />}
            </FormField>
            <FormField
              form={form}
              name="minOrder"
              id="coupon-min-order"
              label="Commande minimum (F CFA)"
              options={optionalNumber}
            >
              {(control) => <Input {...numeric} {...control} />}
            </FormField>
            <FormField form={form} name="validFrom" id="coupon-from" label="Valable du" options={optionalDay}>
              {(control) => <Input type="date" {...control} />}
            </FormField>
            <FormField form={form} name="validTo" id="coupon-to" label="Au (inclus)" options={optionalDay}>
              {(control) => <Input type="date" {...control} />}
            </FormField>
          </div>
          <label className="flex items-center gap-2 text-sm text-stone-800">
            <input
              type="checkbox"
              className="h-4 w-4 accent-emerald-700"
              {...form.register('firstOrderOnly')}
            />
            Première commande seulement
          </label>
        </fieldset>
        <FormActions
          onCancel={() => onOpenChange(false)}
          pending={create.isPending}
          submitLabel="Créer le code"
        />
      </form>
    </Dialog>
  )
}
