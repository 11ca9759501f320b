import { Clock, MapPin, Phone } from 'lucide-react'
import { fulfilmentLabels, type Fulfilment } from '@/shared/domain/pickup'
import type { ShopView } from '@/shared/schemas/shops'
import { Field, Input, Textarea } from '@/client/components/ui/field'
import { cn } from '@/client/components/ui/cn'

/**
 * "Livraison" or "Retrait à la boutique" (docs/rules/pickup.md#checkout), offered where the city
 * has an active shop.
 */
export function FulfilmentChoice({
  value,
  onChange,
}: {
  value: Fulfilment
  onChange: (v: Fulfilment) => void
}) {
  return (
    <fieldset className="mb-4 grid grid-cols-2 gap-2" data-testid="fulfilment-choice">
      <legend className="mb-2 text-sm font-medium text-stone-800">Comment recevoir votre commande ?</legend>
      {(['delivery', 'pickup'] as const).map((f) => (
        <label
          key={f}
          className={cn(
            'flex min-h-11 cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm',
            value === f ? 'border-brand bg-brand/5 font-medium' : 'border-stone-300 bg-white',
          )}
        >
          <input
            type="radio"
            name="fulfilment"
            className="h-4 w-4 accent-brand"
            checked={value === f}
            onChange={() => onChange(f)}
          />
          {fulfilmentLabels[f]}
        </label>
      ))}
    </fieldset>
  )
}

/** A shop's address, hours and phone, as the client reads them before choosing it. */
export function ShopFacts({ shop }: { shop: Pick<ShopView, 'address' | 'cityName' | 'hours' | 'phone'> }) {
  return (
    <div className="space-y-1 text-sm text-stone-700">
      <p className="flex items-start gap-2">
        <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-brand" aria-hidden />
        <span>
          {shop.address}, {shop.cityName}
        </span>
      </p>
      <p className="flex items-start gap-2">
        <Clock className="mt-0.5 h-4 w-4 shrink-0 text-brand" aria-hidden />
        <span className="whitespace-pre-line">{shop.hours}</span>
      </p>
      {shop.phone && (
        <p className="flex items-start gap-2">
          <Phone className="mt-0.5 h-4 w-4 shrink-0 text-brand" aria-hidden />
          <a className="underline" href={`tel:${shop.phone}`}>
            {shop.phone}
          </a>
        </p>
      )}
    </div>
  )
}

/** The pickup's form: the shop (one radio each, with its facts), the phone and the notes. */
export function PickupForm({
  shops,
  shopId,
  onShop,
  phone,
  notes,
  onContact,
}: {
  shops: ShopView[]
  shopId: number | null
  onShop: (id: number) => void
  phone: string
  notes: string
  onContact: (patch: { deliveryPhone?: string; notes?: string }) => void
}) {
  return (
    <div className="space-y-4">
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium text-stone-800">Boutique de retrait</legend>
        {shops.map((s) => (
          <label
            key={s.id}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-md border px-3 py-3',
              shopId === s.id ? 'border-brand bg-brand/5' : 'border-stone-300 bg-white',
            )}
          >
            <input
              type="radio"
              name="shop"
              className="mt-1 h-4 w-4 accent-brand"
              checked={shopId === s.id}
              onChange={() => onShop(s.id)}
            />
            <span className="min-w-0 flex-1 space-y-1">
              <span className="block font-medium text-stone-900">{s.name}</span>
              <ShopFacts shop={s} />
            </span>
          </label>
        ))}
      </fieldset>
      <p className="text-sm text-emerald-800">Retrait gratuit : aucun frais de livraison.</p>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Téléphone" htmlFor="deliveryPhone">
          <Input
            id="deliveryPhone"
            type="tel"
            autoComplete="tel"
            value={phone}
            onChange={(e) => onContact({ deliveryPhone: e.target.value })}
          />
        </Field>
        <Field label="Notes (facultatif)" htmlFor="notes" className="sm:col-span-2">
          <Textarea
            id="notes"
            rows={2}
            value={notes}
            onChange={(e) => onContact({ notes: e.target.value })}
          />
        </Field>
      </div>
    </div>
  )
}
