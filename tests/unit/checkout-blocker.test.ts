import { describe, expect, it } from 'vitest'
import { checkoutBlocker, type CheckoutState } from '../../src/client/features/checkout/lib/checkout-blocker'
import { SLOT_REQUIRED_MESSAGE } from '../../src/shared/domain/delivery-slots'

const ready: CheckoutState = {
  lineIssues: 0,
  countryId: 1,
  cityId: 10,
  zoneId: 100,
  belowMinimum: null,
  slotMissing: false,
  deliveryAddress: 'Rue 10, Plateau',
  deliveryPhone: '+221 77 123 45 67',
  signedIn: true,
}
const minimum = 'La commande minimum pour la zone « Plateau » est de 10 000 F CFA.'

describe('checkoutBlocker (docs/rules/orders.md#validation-messages)', () => {
  it('lets a complete cart through', () => expect(checkoutBlocker(ready)).toBeNull())

  it.each<[string, Partial<CheckoutState>, string]>([
    ['a line sold out', { lineIssues: 1 }, 'Retirez ou réduisez les articles signalés pour confirmer.'],
    ['no country', { countryId: null, cityId: null, zoneId: null }, 'Choisissez un pays pour confirmer.'],
    ['no city', { cityId: null, zoneId: null }, 'Choisissez une ville pour confirmer.'],
    ['no zone', { zoneId: null }, 'Choisissez une zone pour confirmer.'],
    ['below the zone’s minimum', { belowMinimum: minimum }, minimum],
    ['no slot where there are slots', { slotMissing: true }, SLOT_REQUIRED_MESSAGE],
    ['a blank address', { deliveryAddress: '   ' }, 'Saisissez votre adresse de livraison pour confirmer.'],
    ['a blank phone', { deliveryPhone: ' ' }, 'Saisissez votre numéro de téléphone pour confirmer.'],
    ['signed out', { signedIn: false }, 'Connectez-vous pour confirmer.'],
    // docs/rules/people.md#delivery-addresses
    ['saved addresses still loading', { addressesLoading: true }, 'Chargement de vos adresses…'],
    [
      'an address to save without a name',
      { saveLabelMissing: true },
      'Donnez un nom à l’adresse à enregistrer (ex. Maison).',
    ],
  ])('%s', (_, change, message) => expect(checkoutBlocker({ ...ready, ...change })).toBe(message))

  it('says the first thing missing, in the order the page reads', () => {
    expect(checkoutBlocker({ ...ready, lineIssues: 2, countryId: null, signedIn: false })).toBe(
      'Retirez ou réduisez les articles signalés pour confirmer.',
    )
    expect(checkoutBlocker({ ...ready, zoneId: null, deliveryAddress: '', signedIn: false })).toBe(
      'Choisissez une zone pour confirmer.',
    )
    expect(checkoutBlocker({ ...ready, belowMinimum: minimum, slotMissing: true })).toBe(minimum)
    expect(checkoutBlocker({ ...ready, deliveryAddress: '', deliveryPhone: '' })).toBe(
      'Saisissez votre adresse de livraison pour confirmer.',
    )
  })
})
