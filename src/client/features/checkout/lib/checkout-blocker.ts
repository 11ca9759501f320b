import { SLOT_REQUIRED_MESSAGE } from '@/shared/domain/delivery-slots'
import {
  LINES_TO_FIX_MESSAGE,
  minimumReason,
  slotReason,
  type SlotFacts,
  type ZoneMinimum,
} from '@/shared/domain/order-readiness'

/** What the cart knows when it decides whether the order can be confirmed. */
export type CheckoutState = {
  /** Lines sold out or short today, or refused by the last checkout (docs/rules/catalogue.md#stock). */
  lineIssues: number
  countryId: number | null
  cityId: number | null
  zoneId: number | null
  /** The zone's minimum not reached: the shared rule's message (`minimumReason`), else null. */
  belowMinimum: string | null
  /** The city has slots, and none is picked (docs/rules/delivery.md#delivery-slots). */
  slotMissing: boolean
  /** The slot picked, refused by the shared rule (`slotReason`: closed, full): its message. */
  slotRefused?: string | null
  deliveryAddress: string
  deliveryPhone: string
  signedIn: boolean
  /** The saved addresses are still loading (docs/rules/people.md#delivery-addresses). */
  addressesLoading?: boolean
  /** "Enregistrer cette adresse" is ticked without a label. */
  saveLabelMissing?: boolean
}

/**
 * Why the order cannot be confirmed yet, the first thing missing in the order the page reads,
 * or null: ready. The cart says it beside its disabled button, and refuses a submit with it
 * (docs/rules/orders.md#validation-messages).
 */
export function checkoutBlocker(s: CheckoutState): string | null {
  if (s.lineIssues > 0) return LINES_TO_FIX_MESSAGE
  if (s.addressesLoading) return 'Chargement de vos adresses…'
  if (s.countryId === null) return 'Choisissez un pays pour confirmer.'
  if (s.cityId === null) return 'Choisissez une ville pour confirmer.'
  if (s.zoneId === null) return 'Choisissez une zone pour confirmer.'
  if (s.belowMinimum) return s.belowMinimum
  if (s.slotMissing) return SLOT_REQUIRED_MESSAGE
  if (s.slotRefused) return s.slotRefused
  if (!s.deliveryAddress.trim()) return 'Saisissez votre adresse de livraison pour confirmer.'
  if (!s.deliveryPhone.trim()) return 'Saisissez votre numéro de téléphone pour confirmer.'
  if (s.saveLabelMissing) return 'Donnez un nom à l’adresse à enregistrer (ex. Maison).'
  if (!s.signedIn) return 'Connectez-vous pour confirmer.'
  return null
}

/**
 * The order's readiness as the cart knows it, decided by the shared rules the server's checkout
 * applies (docs/rules/orders.md#order-readiness): the lines marked (`lineIssues`, by the shared
 * stock rule and the server's last refusal), the zone's minimum on the subtotal before any
 * discount, and the slot: the city has slots when some are offered, and the one picked is one
 * of them (found, open), full when it has no place left.
 */
export function cartReadiness(cart: {
  lineIssues: number
  subtotal: number
  zone: ZoneMinimum | null
  offered: readonly { slotId: number; date: string; remaining: number }[]
  slot: { id: number; date: string } | null
}): Pick<CheckoutState, 'lineIssues' | 'belowMinimum' | 'slotMissing' | 'slotRefused'> {
  const picked =
    cart.slot && cart.offered.find((s) => s.slotId === cart.slot!.id && s.date === cart.slot!.date)
  const facts: SlotFacts = {
    cityHasSlots: cart.offered.length > 0,
    chosen: cart.slot ? { found: !!picked, open: !!picked, full: !picked || picked.remaining <= 0 } : null,
  }
  const slot = slotReason(facts)
  return {
    lineIssues: cart.lineIssues,
    belowMinimum: minimumReason(cart.subtotal, cart.zone)?.message ?? null,
    slotMissing: slot?.code === 'slot_required',
    slotRefused: slot && slot.code !== 'slot_required' ? slot.message : null,
  }
}
