import { Field, Input } from '@/client/components/ui/field'
import type { DeliveryInfo } from '@/client/lib/cart-actions'
import { TOO_MANY_ADDRESSES } from '@/shared/domain/addresses'

/**
 * "Enregistrer cette adresse" (docs/rules/people.md#delivery-addresses): the typed address joins
 * the account's with the order, under a label; at the limit, the reason instead.
 */
export function SaveAddressFields({
  value,
  onChange,
  full,
}: {
  value: DeliveryInfo
  onChange: (next: DeliveryInfo) => void
  full: boolean
}) {
  if (full) return <p className="text-sm text-stone-600">{TOO_MANY_ADDRESSES}</p>
  return (
    <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
      <label className="flex min-h-10 items-center gap-3 text-sm text-stone-800">
        <input
          id="saveAddress"
          type="checkbox"
          className="h-5 w-5 accent-brand"
          checked={value.saveAddress}
          onChange={(e) => onChange({ ...value, saveAddress: e.target.checked })}
        />
        Enregistrer cette adresse pour mes prochaines commandes
      </label>
      {value.saveAddress && (
        <Field
          label="Nom de l’adresse"
          htmlFor="saveLabel"
          hint="Ex. Maison, Bureau"
          className="w-full sm:w-56"
        >
          <Input
            id="saveLabel"
            maxLength={40}
            value={value.saveLabel}
            onChange={(e) => onChange({ ...value, saveLabel: e.target.value })}
          />
        </Field>
      )}
    </div>
  )
}
