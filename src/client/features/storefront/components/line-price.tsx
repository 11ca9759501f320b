import { useState } from 'react'
import { lineTotal, unitPriceWith } from '@/shared/domain/pricing'
import { defaultPreparationOf, perUnit, type PreparationOffer } from '@/shared/domain/preparations'
import { formatMoney, formatQuantity } from '@/shared/format'
import { perUnitLabel } from '@/shared/product-links'
import type { PublicProduct } from '@/shared/schemas/storefront'
import { cn } from '@/client/components/ui/cn'
import { minQuantityOf } from '@/client/lib/cart-actions'

/**
 * The line a shopper is making of a product, before it is in the cart: its preparation (the
 * product's default until another is picked) and its quantity. Shared by `AddToCart` and the
 * price above it, so that the price shown is the line's.
 */
export function useLineChoice(product: PublicProduct) {
  const [offer, setOffer] = useState<PreparationOffer | null>(() =>
    defaultPreparationOf(product.preparations),
  )
  const [quantity, setQuantity] = useState(() => Math.max(1, minQuantityOf(product)))
  return { offer, setOffer, quantity, setQuantity }
}
export type LineChoice = ReturnType<typeof useLineChoice>

/**
 * A product's price as its line will be priced (docs/rules/catalogue.md#product-page,
 * docs/rules/orders.md#preparations): per kg or per piece with the chosen preparation's price
 * added, by the one rule the cart and the server use (`unitPriceWith`, `lineTotal`), the
 * preparation's part said apart, and, when `total` is asked, the line's total for the quantity.
 */
export function LinePrice({
  product,
  choice,
  total = false,
  size = 'page',
  unitLabel,
}: {
  product: Pick<PublicProduct, 'pricePerUnit' | 'unitType'>
  choice: Pick<LineChoice, 'offer' | 'quantity'>
  total?: boolean
  size?: 'page' | 'card'
  /** What the price is per, as the place shows it; 'le kg', 'la pièce' by default. */
  unitLabel?: string
}) {
  const surcharge = choice.offer?.price ?? 0
  const unitPrice = unitPriceWith(product.pricePerUnit, surcharge)
  return (
    <div className={size === 'card' ? 'mt-auto' : undefined}>
      <p
        className={cn('font-bold text-brand', size === 'page' ? 'text-2xl' : 'text-lg')}
        data-testid={size === 'page' ? 'product-price' : undefined}
      >
        {formatMoney(unitPrice)}{' '}
        <span className={cn('font-normal text-stone-600', size === 'page' ? 'text-base' : 'text-sm')}>
          {unitLabel ?? perUnitLabel(product.unitType)}
        </span>
      </p>
      {surcharge > 0 && choice.offer && (
        <p className="text-xs text-stone-600" data-testid="preparation-surcharge">
          {`dont ${choice.offer.name} : +${formatMoney(surcharge)}${perUnit(product.unitType)}`}
        </p>
      )}
      {total && (
        <p className="text-sm text-stone-700" data-testid="line-total">
          {`Total pour ${formatQuantity(choice.quantity, product.unitType)} : `}
          <span className="font-semibold">{formatMoney(lineTotal(unitPrice, choice.quantity))}</span>
        </p>
      )}
    </div>
  )
}
