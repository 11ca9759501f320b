import { SLOT_REQUIRED_MESSAGE } from '@/shared/domain/delivery-slots'

/** What the cart knows when it decides whether the order can be confirmed. */
export type CheckoutState = {
  /** Lines sold out or short today (docs/rules/catalogue.md#stock). */
  lineIssues: number
  countryId: number | null
  cityId: number | null
  zoneId: number | null
  /** The zone's minimum not reached: its message (`minimumOrderMessage`), else null. */
  belowMinimum: string | null
  /** The city has slots, and none is picked (docs/rules/delivery.md#delivery-slots). */
  slotMissing: boolean
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
  if (s.lineIssues > 0) return 'Retirez ou réduisez les articles signalés pour confirmer.'
  if (s.addressesLoading) return 'Chargement de vos adresses…'
  if (s.countryId === null) return 'Choisissez un pays pour confirmer.'
  if (s.cityId === null) return 'Choisissez une ville pour confirmer.'
  if (s.zoneId === null) return 'Choisissez une zone pour confirmer.'
  if (s.belowMinimum) return s.belowMinimum
  if (s.slotMissing) return SLOT_REQUIRED_MESSAGE
  if (!s.deliveryAddress.trim()) return 'Saisissez votre adresse de livraison pour confirmer.'
  if (!s.deliveryPhone.trim()) return 'Saisissez votre numéro de téléphone pour confirmer.'
  if (s.saveLabelMissing) return 'Donnez un nom à l’adresse à enregistrer (ex. Maison).'
  if (!s.signedIn) return 'Connectez-vous pour confirmer.'
  return null
}
