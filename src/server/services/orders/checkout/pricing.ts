import { deliveryTermsOf, priceOrder, unitPriceWith } from '@/shared/domain/pricing'
import type { UnitType } from '@/shared/domain/units'
import type { Account, LineProduct } from './context'

/*
 * The checkout's pricing pass (docs/rules/money.md#pricing): what each line costs, then the order's
 * amounts from the shared rule (`priceOrder`). A line is a product, a quantity and the
 * preparation asked for (docs/rules/orders.md#preparations): the preparation's price is per unit
 * of the product, so it joins the line's unit price, and the discount and the weigh-in (which
 * price the unit price) treat it as the meat (decision 0051).
 */

/** A line's preparation as offered when the order is placed: its name and price per unit. */
export type LinePreparation = { id: number; name: string; price: number }

/** What a line's price is made of: its product as it stands, the quantity and the preparation asked. */
export type PricedLineInput = {
  product: { id: number; name: string; pricePerUnit: number; unitType: UnitType }
  quantity: number
  preparation?: LinePreparation | null
}

/** A checked line of the order (checks.ts `checkLines`). */
export type CheckoutLine = PricedLineInput & { product: LineProduct }

/** What one unit (a kg or a piece) of a line costs at the time of the order. */
export const unitPriceOf = (line: PricedLineInput) =>
  unitPriceWith(line.product.pricePerUnit, line.preparation?.price ?? 0)

const priceLines = (lines: readonly PricedLineInput[]) =>
  lines.map((l) => ({ unitPrice: unitPriceOf(l), quantity: l.quantity }))

/** The lines' subtotal, before any discount: what the ceiling and the zone's minimum judge. */
export const subtotalOf = (lines: readonly PricedLineInput[]) => priceOrder(priceLines(lines), null).subtotal

/**
 * The order's amounts with the account as it stands: its own discount (none at 0), the points
 * asked for, the delivery terms of the zone.
 */
export function priceCheckout(
  lines: readonly PricedLineInput[],
  account: Account,
  pointsToUse: number,
  pointValue: number,
  zone: { deliveryFee: number; freeDeliveryFrom: number | null },
  // docs/rules/commerce.md#coupons: the coupon's discount, as judged under its lock.
  couponDiscount = 0,
) {
  const discountPercent =
    account.customDiscountPercent && account.customDiscountPercent > 0 ? account.customDiscountPercent : null
  const price = priceOrder(
    priceLines(lines),
    discountPercent,
    pointsToUse,
    pointValue,
    deliveryTermsOf(zone),
    couponDiscount,
  )
  return { ...price, discountPercent }
}

export type CheckoutPrice = ReturnType<typeof priceCheckout>

/**
 * An order line as stored: the product's name, price and unit at the time of the order, priced,
 * and its preparation as it was (name and price: a snapshot, decision 0051).
 */
export function orderLineValues(lines: readonly PricedLineInput[], lineTotals: readonly number[]) {
  return lines.map((l, i) => ({
    productId: l.product.id,
    productName: l.product.name,
    unitPrice: unitPriceOf(l),
    unitType: l.product.unitType,
    quantity: l.quantity,
    totalPrice: lineTotals[i]!,
    preparationId: l.preparation?.id ?? null,
    preparationName: l.preparation?.name ?? null,
    preparationPrice: l.preparation?.price ?? 0,
  }))
}
