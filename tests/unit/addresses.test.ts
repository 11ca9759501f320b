import { describe, expect, it } from 'vitest'
import { resolveAddressChoice } from '../../src/client/features/checkout/lib/address-choice'
import { closedReason, type AddressPlace } from '../../src/shared/domain/addresses'
import { addressInput } from '../../src/shared/schemas/addresses'
import type { AddressView } from '../../src/shared/schemas/addresses'

// docs/rules/people.md#delivery-addresses: why an address is closed, which one the checkout
// preselects, and what the schema keeps of a map point.

const open: AddressPlace = {
  zoneName: 'Plateau',
  zoneActive: true,
  cityName: 'Dakar',
  cityActive: true,
  countryActive: true,
  ownCountry: true,
}

describe('closedReason', () => {
  it.each<[string, Partial<AddressPlace>, string | null]>([
    ['open', {}, null],
    ['a closed zone', { zoneActive: false }, 'Nous ne livrons plus dans la zone « Plateau » pour le moment.'],
    [
      'a closed city',
      { cityActive: false, zoneActive: false },
      'Nous ne livrons plus à Dakar pour le moment.',
    ],
    ['a closed country', { countryActive: false }, 'Nous ne livrons plus à Dakar pour le moment.'],
    ['another country', { ownCountry: false }, 'Cette adresse n’est pas dans le pays de votre compte.'],
  ])('%s', (_, change, reason) => expect(closedReason({ ...open, ...change })).toBe(reason))
})

const address = (id: number, closed: string | null = null) => ({ id, closedReason: closed }) as AddressView

describe('resolveAddressChoice', () => {
  const list = [address(3, 'fermée'), address(2), address(1)]
  it('waits for the list', () => expect(resolveAddressChoice(null, undefined)).toBeNull())
  it('offers the last used that is open', () => expect(resolveAddressChoice(null, list)).toBe(2))
  it('keeps the client’s choice while it is open', () => expect(resolveAddressChoice(1, list)).toBe(1))
  it('drops a choice that closed or went', () => {
    expect(resolveAddressChoice(3, list)).toBe(2)
    expect(resolveAddressChoice(9, list)).toBe(2)
  })
  it('types a new one without an open address, or when asked', () => {
    expect(resolveAddressChoice(null, [address(3, 'fermée')])).toBe('new')
    expect(resolveAddressChoice('new', list)).toBe('new')
  })
})

describe('addressInput', () => {
  const valid = { label: 'Maison', cityId: 1, zoneId: 2, address: 'Villa 4' }
  it('keeps a point to six decimals, and empty optional fields as none', () => {
    expect(
      addressInput.parse({
        ...valid,
        landmark: '',
        secondPhone: '  ',
        latitude: 14.78123456,
        longitude: -17.3,
      }),
    ).toEqual({ ...valid, landmark: null, secondPhone: null, latitude: 14.781235, longitude: -17.3 })
  })
  it('refuses half a point', () => {
    expect(addressInput.safeParse({ ...valid, latitude: 14.7 }).success).toBe(false)
  })
})
