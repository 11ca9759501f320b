import type { OrderPrice } from '@/shared/domain/pricing'
import { formatMoney, formatPercent } from '@/shared/format'

/**
 * Subtotal, discount, points, delivery fee and total: the cart's estimate, or an order's stored
 * amounts. `deliveryFee` null: no zone chosen yet, no delivery line (docs/rules/delivery.md#delivery-fees).
 */
export function AmountLines({
  price,
  discountPercent,
  couponCode,
  totalLabel = 'Total',
  deliveryNote,
  deliveryLabel,
  creditUsed = 0,
}: {
  /** docs/rules/store-credit.md#spending: the store credit the cart will spend (0: none). */
  creditUsed?: number
  /** docs/rules/pickup.md: 'Retrait à la boutique' instead of the delivery's words. */
  deliveryLabel?: string
  price: Pick<OrderPrice, 'subtotal' | 'discountAmount' | 'pointsUsed' | 'pointsDiscountAmount' | 'total'> & {
    deliveryFee: number | null
    /** docs/rules/commerce.md#coupons: the coupon's discount on the goods (0 or absent: none). */
    couponDiscount?: number
  }
  discountPercent?: number | null
  couponCode?: string | null
  totalLabel?: string
  /** Under the delivery line, e.g. 'Livraison offerte dès 30 000 F CFA.' */
  deliveryNote?: string | null
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
      {(price.couponDiscount ?? 0) > 0 && (
        <div className="flex justify-between text-emerald-700">
          <dt>Code promo{couponCode ? ` ${couponCode}` : ''}</dt>
          <dd data-testid="coupon-discount">− {formatMoney(price.couponDiscount ?? 0)}</dd>
        </div>
      )}
      {price.pointsUsed > 0 && (
        <div className="flex justify-between text-emerald-700">
          <dt>Points utilisés ({price.pointsUsed})</dt>
          <dd data-testid="points-discount">− {formatMoney(price.pointsDiscountAmount)}</dd>
        </div>
      )}
      {price.deliveryFee != null && (
        <div className="flex flex-wrap justify-between">
          <dt className="text-stone-600">
            {deliveryLabel ?? (price.deliveryFee > 0 ? 'Livraison' : 'Livraison offerte')}
          </dt>
          <dd data-testid="delivery-fee">{formatMoney(price.deliveryFee)}</dd>
          {/* A list of terms holds only terms and their values: the note is the delivery's second value. */}
          {deliveryNote && (
            <dd className="mt-1 w-full text-xs text-stone-600" data-testid="delivery-note">
              {deliveryNote}
            </dd>
          )}
        </div>
      )}
      <div className="flex justify-between border-t border-stone-200 pt-2 text-base font-bold">
        <dt>{totalLabel}</dt>
        <dd data-testid="total">{formatMoney(price.total)}</dd>
      </div>
      {creditUsed > 0 && (
        <>
          <div className="flex justify-between text-emerald-700">
            <dt>Payé avec votre avoir</dt>
            <dd data-testid="credit-used">− {formatMoney(creditUsed)}</dd>
          </div>
          <div className="flex justify-between font-semibold">
            <dt>Reste à payer</dt>
            <dd data-testid="left-to-pay">{formatMoney(Math.max(0, price.total - creditUsed))}</dd>
          </div>
        </>
      )}
    </dl>
  )
}
