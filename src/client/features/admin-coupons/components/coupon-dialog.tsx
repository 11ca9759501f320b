import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { createCouponInput, type AdminCoupon, type CreateCouponInput } from '@/shared/schemas/coupons'
import type { z } from '@/shared/schemas/zod'
import { Dialog, FormActions } from '@/client/components/ui/dialog'
import { FormField } from '@/client/components/ui/form-field'
import { Input, numberOrNull, Select } from '@/client/components/ui/field'
import { useCreateCoupon, useUpdateCoupon } from '../api/use-coupons'

/** An empty number field is "no limit" (null); anything else a number the schema checks. */
const optionalNumber = { setValueAs: numberOrNull }
const requiredNumber = { setValueAs: (v: unknown) => (v === '' || v == null ? Number.NaN : Number(v)) }
const optionalDay = { setValueAs: (v: unknown) => (v === '' || v == null ? null : String(v)) }
const numeric = { type: 'number', inputMode: 'numeric', min: 1, step: 1 } as const

/**
 * "Créer un code promo" (docs/rules/commerce.md#coupons): the code, percent or amount, and the
 * limits (each left empty: none). Root chooses the country; staff create in their own. Given a
 * `coupon`, "Modifier": its value and limits change; its country, code and type stay.
 */
export function CouponDialog({
  open,
  onOpenChange,
  countries,
  coupon,
}: {
  open: boolean
  onOpenChange: (o: boolean) => void
  /** The countries root chooses from; none for staff of one country. */
  countries: { id: number; name: string }[] | null
  /** The code being changed; none: a new one. */
  coupon?: AdminCoupon | null
}) {
  const create = useCreateCoupon()
  const update = useUpdateCoupon()
  const form = useForm<CreateCouponInput, unknown, z.output<typeof createCouponInput>>({
    resolver: zodResolver(createCouponInput),
  })
  useEffect(() => {
    if (open)
      form.reset(
        coupon
          ? {
              countryId: coupon.countryId,
              code: coupon.code,
              kind: coupon.kind,
              value: coupon.value,
              maxUses: coupon.maxUses,
              maxAmount: coupon.maxAmount,
              perClient: coupon.perClient,
              minOrder: coupon.minOrder,
              validFrom: coupon.validFrom,
              validTo: coupon.validTo,
              firstOrderOnly: coupon.firstOrderOnly,
            }
          : {
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
            },
      )
  }, [open, form, coupon])

  const onSubmit = form.handleSubmit(async ({ countryId: _country, code: _code, kind: _kind, ...terms }) => {
    if (coupon) await update.mutateAsync({ id: coupon.id, ...terms })
    else await create.mutateAsync({ countryId: _country, code: _code, kind: _kind, ...terms })
    onOpenChange(false)
  })

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={coupon ? `Modifier le code promo ${coupon.code}` : 'Créer un code promo'}
    >
      <form onSubmit={(e) => void onSubmit(e).catch(() => undefined)} noValidate className="space-y-4">
        {countries && !coupon && (
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
          {coupon ? (
            // Its code and type stay (the orders that used it name them): said, not asked.
            <p className="text-sm text-stone-700 sm:col-span-2">
              Code <strong className="font-semibold text-stone-900">{coupon.code}</strong> ·{' '}
              {coupon.kind === 'percent' ? 'Pourcentage' : 'Montant (F CFA)'} · {coupon.countryName}
            </p>
          ) : (
            <>
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
            </>
          )}
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
          pending={create.isPending || update.isPending}
          submitLabel={coupon ? 'Enregistrer' : 'Créer le code'}
        />
      </form>
    </Dialog>
  )
}
