import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { toast } from '@/client/lib/toast'
import { quantityStep } from '@/shared/domain/units'
import {
  countryRequired,
  createProductInput,
  type AdminProduct,
  type CreateProductInput,
  type ProductPreparations,
} from '@/shared/schemas/products'
import type { z } from '@/shared/schemas/zod'
import { Dialog, FormActions } from '@/client/components/ui/dialog'
import { FormField } from '@/client/components/ui/form-field'
import { Field, Input, numberOrNull, numberOrUndefined, Select, Textarea } from '@/client/components/ui/field'
import { errorMessage } from '@/client/lib/api'
import { useCategories, useCreateProduct, useUpdateProduct, useUploadPhoto } from '../api/use-products'
import { PhotoField } from './photo-field'
import { PreparationsField } from './preparations-field'

type Country = { id: number; name: string }
type Values = z.output<typeof createProductInput>

const toValues = (p?: AdminProduct, countryId?: number): CreateProductInput => ({
  name: p?.name ?? '',
  description: p?.description ?? '',
  pricePerUnit: p?.pricePerUnit ?? (undefined as unknown as number),
  unitType: p?.unitType ?? 'kg',
  minQuantity: p?.minQuantity ?? 1,
  categoryId: p?.categoryId ?? null,
  countryId: p?.countryId ?? countryId,
  // A new product is inactive until someone activates it.
  isActive: p?.isActive ?? false,
  // What a client wants to know before trusting a butcher (docs/rules/catalogue.md#provenance).
  origin: p?.origin ?? '',
  halal: p?.halal ?? false,
  slaughterDay: p?.slaughterDay ?? '',
})

/**
 * Create a product, or edit `product`. Root picks the country; a super_admin's is its own,
 * shown read-only.
 */
export function ProductDialog({
  open,
  onOpenChange,
  product,
  countries,
  fixedCountry,
}: {
  open: boolean
  onOpenChange: (o: boolean) => void
  product?: AdminProduct
  countries: Country[]
  fixedCountry?: Country | null
}) {
  const create = useCreateProduct()
  const update = useUpdateProduct()
  const categories = useCategories()
  const form = useForm<CreateProductInput, unknown, Values>({ resolver: zodResolver(createProductInput) })
  const unitType = useWatch({ control: form.control, name: 'unitType' }) ?? 'kg'
  const step = quantityStep(unitType)
  // docs/rules/catalogue.md#preparations: what the product offers, saved with it.
  const countryId = useWatch({ control: form.control, name: 'countryId' })
  const [offers, setOffers] = useState<ProductPreparations>([])

  // A new product's photo, chosen before the product exists: sent once it is created.
  const uploadPhoto = useUploadPhoto()
  const [pendingPhoto, setPendingPhoto] = useState<File | null>(null)
  const [sending, setSending] = useState<number | null>(null)
  const close = () => {
    setPendingPhoto(null)
    onOpenChange(false)
  }

  useEffect(() => {
    if (open) {
      form.reset(toValues(product, fixedCountry?.id))
      setOffers(
        (product?.preparations ?? []).map((o) => ({
          preparationId: o.id,
          price: o.price,
          isDefault: o.isDefault,
        })),
      )
    }
  }, [open, product, fixedCountry, form])

  const onSubmit = form.handleSubmit(async (values) => {
    if (!fixedCountry && !values.countryId) {
      form.setError('countryId', { message: countryRequired })
      return
    }
    const body = {
      ...(fixedCountry ? { ...values, countryId: undefined } : values),
      // A product moved to another country offers none of the former one's (the server drops them).
      preparations: !product || values.countryId === product.countryId || fixedCountry ? offers : [],
    }
    if (product) await update.mutateAsync({ id: product.id, ...body })
    else {
      const { product: created } = await create.mutateAsync(body)
      if (pendingPhoto) {
        setSending(0)
        await uploadPhoto
          .mutateAsync({ id: created.id, file: pendingPhoto, onProgress: setSending })
          .catch((e: unknown) => toast.error(`Le produit a été créé, mais pas sa photo : ${errorMessage(e)}`))
          .finally(() => setSending(null))
      }
    }
    close()
  })
  const pending = create.isPending || update.isPending || form.formState.isSubmitting

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => (o ? onOpenChange(o) : close())}
      title={product ? 'Modifier le produit' : 'Ajouter un produit'}
    >
      <form onSubmit={(e) => void onSubmit(e).catch(() => undefined)} noValidate className="space-y-4">
        <FormField form={form} name="name" id="product-name" label="Nom du produit">
          {(control) => <Input {...control} />}
        </FormField>
        <FormField form={form} name="description" id="product-description" label="Description">
          {(control) => <Textarea rows={3} {...control} />}
        </FormField>
        <div className="grid grid-cols-2 gap-3">
          <FormField
            form={form}
            name="pricePerUnit"
            id="product-price"
            label="Prix (F CFA)"
            options={{ valueAsNumber: true }}
          >
            {(control) => <Input type="number" inputMode="numeric" min={1} step={1} {...control} />}
          </FormField>
          <FormField form={form} name="unitType" id="product-unit" label="Unité">
            {(control) => (
              <Select {...control}>
                <option value="kg">Kilogramme (kg)</option>
                <option value="unit">Unité</option>
              </Select>
            )}
          </FormField>
        </div>
        <FormField
          form={form}
          name="minQuantity"
          id="product-min"
          label="Quantité minimale"
          hint={unitType === 'kg' ? 'Par pas de 0,5 kg.' : 'Un nombre entier d’unités.'}
          options={{ valueAsNumber: true }}
        >
          {(control) => <Input type="number" inputMode="decimal" min={step} step={step} {...control} />}
        </FormField>
        {/* Origin, halal, day of slaughter (docs/rules/catalogue.md#provenance). */}
        <FormField
          form={form}
          name="origin"
          id="product-origin"
          label="Origine"
          hint="Ex. Origine : abattoir de Dakar (SOGAS). Laisser vide si non précisée."
        >
          {(control) => <Input {...control} />}
        </FormField>
        <div className="grid grid-cols-2 items-end gap-3">
          <FormField
            form={form}
            name="slaughterDay"
            id="product-slaughter-day"
            label="Jour d’abattage"
            hint="Viande fraîche."
          >
            {(control) => <Input type="date" {...control} />}
          </FormField>
          <label className="flex h-10 items-center gap-2 text-sm text-stone-800">
            <input type="checkbox" className="h-4 w-4 accent-emerald-700" {...form.register('halal')} />
            Halal
          </label>
        </div>
        {/* A photo is uploaded, never an image address pasted (docs/decisions/0033). */}
        <PhotoField key={product?.id ?? 'new'} product={product} onPick={setPendingPhoto} sending={sending} />
        <FormField
          form={form}
          name="categoryId"
          id="product-category"
          label="Catégorie"
          options={{ setValueAs: numberOrNull }}
        >
          {(control) => (
            <Select {...control}>
              <option value="">Non classé</option>
              {categories.data?.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        {fixedCountry ? (
          <Field label="Pays" htmlFor="product-country-fixed" hint="Votre pays : il ne peut pas être changé.">
            <Input id="product-country-fixed" value={fixedCountry.name} readOnly disabled />
          </Field>
        ) : (
          <FormField
            form={form}
            name="countryId"
            id="product-country"
            label="Pays"
            options={{ setValueAs: numberOrUndefined }}
          >
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
        <PreparationsField
          countryId={fixedCountry || typeof countryId !== 'number' ? undefined : countryId}
          fixed={!!fixedCountry}
          unitType={unitType}
          value={offers}
          onChange={setOffers}
        />
        <label className="flex items-center gap-2 text-sm text-stone-800">
          <input type="checkbox" className="h-4 w-4 accent-emerald-700" {...form.register('isActive')} />
          Actif (visible et commandable dans la boutique)
        </label>
        <FormActions
          onCancel={close}
          pending={pending}
          submitLabel={product ? 'Enregistrer' : 'Ajouter le produit'}
        />
      </form>
    </Dialog>
  )
}
