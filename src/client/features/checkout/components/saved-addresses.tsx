import type { AddressView } from '@/shared/schemas/addresses'
import { AddressLines } from '@/client/features/account/components/address-lines'
import { cn } from '@/client/components/ui/cn'
import type { AddressChoice } from '../lib/address-choice'

/**
 * The saved addresses first, then "Nouvelle adresse". One whose zone or city closed cannot be
 * picked and says why.
 */
export function SavedAddresses({
  addresses,
  value,
  onChange,
}: {
  addresses: readonly AddressView[]
  value: AddressChoice
  onChange: (next: AddressChoice) => void
}) {
  const option = 'flex gap-3 rounded-lg border p-3 text-sm'
  return (
    <fieldset className="space-y-2" data-testid="saved-addresses">
      <legend className="mb-2 text-sm font-medium text-stone-800">Livrer à</legend>
      {addresses.map((a) => {
        const closed = a.closedReason !== null
        return (
          <label
            key={a.id}
            className={cn(
              option,
              closed ? 'border-stone-200 bg-stone-50' : 'cursor-pointer border-stone-300',
              value === a.id && 'border-brand ring-1 ring-brand',
            )}
          >
            <input
              type="radio"
              name="delivery-address"
              className="mt-1 h-4 w-4 accent-brand"
              value={a.id}
              checked={value === a.id}
              disabled={closed}
              aria-describedby={closed ? `address-closed-${a.id}` : undefined}
              onChange={() => onChange(a.id)}
            />
            <span className="space-y-1">
              <span className="block font-semibold text-stone-900">{a.label}</span>
              <AddressLines address={a} mapLink={false} />
              {closed && (
                <span id={`address-closed-${a.id}`} className="block text-amber-900">
                  {a.closedReason}
                </span>
              )}
            </span>
          </label>
        )
      })}
      <label
        className={cn(
          option,
          'cursor-pointer border-stone-300',
          value === 'new' && 'border-brand ring-1 ring-brand',
        )}
      >
        <input
          type="radio"
          name="delivery-address"
          className="mt-1 h-4 w-4 accent-brand"
          value="new"
          checked={value === 'new'}
          onChange={() => onChange('new')}
        />
        <span className="font-semibold text-stone-900">Nouvelle adresse</span>
      </label>
    </fieldset>
  )
}
