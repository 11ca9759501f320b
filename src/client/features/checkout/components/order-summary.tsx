import type { OrderPrice } from '@/shared/domain/pricing'
import { formatMoney, formatPercent } from '@/shared/format'

/** Subtotal, discount, points and total: the cart's estimate, or an order's stored amounts. */
export function AmountLines({
  price,
  discountPercent,
  totalLabel = 'Total',
}: {
  price: Pick<OrderPrice, 'subtotal' | 'discountAmount' | 'pointsUsed' | 'pointsDiscountAmount' | 'total'>
  discountPercent?: number | null
  totalLabel?: string
}) {
  return (
    <dl className="space-y-2 text-sm">
      <div className="flex justify-between">
        <dt className="text-stone-600">Sous-total</dt>
        <dd data-testid="subtotal">{formatMoney(price.subtotal)}</dd>
      </div>
      {price.discountAmount > 0 && (
        <div className="flex justify-between text-emerald-700">
          <dt>Remise{discountPercent ? ` (${formatPercent(discountPercent)})` : ''}</dt>
          <dd data-testid="discount">− {formatMoney(price.discountAmount)}</dd>
        </div>
      )}
      {price.pointsUsed > 0 && (
        <div className="flex justify-between text-emerald-700">
          <dt>Points utilisés ({price.pointsUsed})</dt>
          <dd data-testid="points-discount">− {formatMoney(price.pointsDiscountAmount)}</dd>
        </div>
      )}
      <div className="flex justify-between border-t border-stone-200 pt-2 text-base font-bold">
        <dt>{totalLabel}</dt>
        <dd data-testid="total">{formatMoney(price.total)}</dd>
      </div>
    </dl>
  )
}
