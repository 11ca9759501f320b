import {
  deliveryTermsOf,
  maxPointsFor,
  NO_DELIVERY_FEE,
  priceOrder,
  unitPriceWith,
} from '@/shared/domain/pricing'
import type { SessionUser } from '@/shared/schemas/auth'
import { formatMoney } from '@/shared/format'
import { readDeliveryInfo, type DeliveryInfo } from '@/client/lib/cart-actions'
import type { SlotPick } from '../components/slot-picker'

/**
 * The cart's form (react-hook-form): the delivery, the points to spend and the slot picked.
 * A new choice (a way to pay, say) is one more field here and one more control on the page.
 */
export type CartForm = {
  delivery: DeliveryInfo
  pointsToUse: number
  /** The slot the client picked; until then the first with places (docs/rules/delivery.md#delivery-slots). */
  slot: SlotPick | null
  /** docs/rules/commerce.md#coupons: the code typed ("Code promo"). */
  couponCode: string
}

/**
 * The form's first values: the delivery saved by the last visit, the client's own country and
 * phone otherwise. A client orders only in its own country (the server refuses another): a saved
 * choice of another country is dropped.
 */
export function cartFormDefaults(user: SessionUser | null): CartForm {
  const stored = readDeliveryInfo()
  const sameCountry = !user?.countryId || !stored.countryId || stored.countryId === user.countryId
  const saved = sameCountry ? stored : { ...stored, countryId: undefined }
  return {
    delivery: {
      countryId: saved.countryId ?? user?.countryId ?? null,
      cityId: saved.countryId ? (saved.cityId ?? null) : null,
      zoneId: saved.countryId ? (saved.zoneId ?? null) : null,
      deliveryAddress: saved.deliveryAddress ?? '',
      deliveryPhone: saved.deliveryPhone ?? user?.phoneNumber ?? '',
      notes: saved.notes ?? '',
      landmark: saved.landmark ?? '',
      secondPhone: saved.secondPhone ?? '',
      latitude: saved.latitude ?? null,
      longitude: saved.longitude ?? null,
      addressId: saved.addressId ?? null,
      saveAddress: saved.saveAddress ?? false,
      saveLabel: saved.saveLabel ?? 'Maison',
    },
    pointsToUse: 0,
    slot: null,
    couponCode: '',
  }
}

type ZoneTerms = {
  name: string
  deliveryFee: number
  freeDeliveryFrom: number | null
  minOrderAmount: number | null
}

/**
 * The cart's estimate (docs/rules/money.md#pricing, docs/rules/delivery.md#delivery-fees), priced by the rule
 * the server applies: the points are held to what the client has and the order may take, the
 * zone's fee applies once a zone is chosen (its minimum: `cartReadiness`, docs/rules/orders.md#order-readiness).
 */
export function cartEstimate({
  items,
  user,
  zone,
  points,
  pointValue,
  couponDiscount = 0,
}: {
  items: readonly { pricePerUnit: number; quantity: number; preparationPrice?: number }[]
  user: Pick<SessionUser, 'customDiscountPercent' | 'loyaltyPoints'> | null
  zone: ZoneTerms | null
  points: number
  pointValue: number
  /** docs/rules/commerce.md#coupons: the applied code's discount, as the server answered it. */
  couponDiscount?: number
}) {
  const lines = items.map((i) => ({
    unitPrice: unitPriceWith(i.pricePerUnit, i.preparationPrice ?? 0),
    quantity: i.quantity,
  }))
  const discount = user?.customDiscountPercent ?? null
  const base = priceOrder(lines, discount)
  const maxPoints = Math.min(
    user?.loyaltyPoints ?? 0,
    maxPointsFor(base.subtotal, base.discountAmount + couponDiscount, pointValue),
  )
  const pointsToUse = Math.min(points, maxPoints)
  const terms = zone ? deliveryTermsOf(zone) : NO_DELIVERY_FEE
  const price = priceOrder(lines, discount, pointsToUse, pointValue, terms, couponDiscount)
  return {
    price,
    maxPoints,
    pointsToUse,
    deliveryNote:
      zone && price.deliveryFee > 0 && zone.freeDeliveryFrom != null
        ? `Livraison offerte dès ${formatMoney(zone.freeDeliveryFrom)} d’achats.`
        : null,
  }
}
