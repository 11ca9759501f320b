import { useId } from 'react'
import { offerLabel, type PreparationOffer } from '@/shared/domain/preparations'
import type { UnitType } from '@/shared/domain/units'
import { Select } from '@/client/components/ui/field'
import { cn } from '@/client/components/ui/cn'

/**
 * The preparation of a line (docs/rules/orders.md#preparations): the offers of the product, each
 * with its price per kg or per piece when it has one; "Sans préparation" only when the product
 * has no default. Used by the product card, the cart's lines and the product page.
 */
export function PreparationPicker({
  offers,
  unitType,
  value,
  onChange,
  productName,
  className,
}: {
  offers: readonly PreparationOffer[] | undefined
  unitType: UnitType
  /** The picked offer's id; null: none. */
  value: number | null | undefined
  onChange: (offer: PreparationOffer | null) => void
  productName: string
  className?: string
}) {
  const id = useId()
  if (!offers || offers.length === 0) return null
  const hasDefault = offers.some((o) => o.isDefault)
  // An offer no longer offered stays shown as picked until another is: the server refuses it.
  const known = value == null || offers.some((o) => o.id === value)
  return (
    <div className={cn('max-w-sm space-y-1 text-sm', className)}>
      <label htmlFor={id} className="block text-xs font-medium text-stone-600">
        Préparation
      </label>
      <Select
        id={id}
        // Posted by "Ajouter"'s form when the page's script has not yet run (add-to-cart.tsx).
        name="preparation"
        className="min-w-0"
        aria-label={`Préparation de ${productName}`}
        data-testid="preparation-picker"
        value={value == null ? '' : String(value)}
        onChange={(e) => {
          const picked = offers.find((o) => String(o.id) === e.target.value) ?? null
          onChange(picked)
        }}
      >
        {(!hasDefault || value == null) && <option value="">Sans préparation</option>}
        {!known && <option value={String(value)}>Préparation plus proposée</option>}
        {offers.map((o) => (
          <option key={o.id} value={String(o.id)}>
            {offerLabel(o, unitType)}
          </option>
        ))}
      </Select>
    </div>
  )
}
