import { describe, expect, it } from 'vitest'
import { deliveryTermsLine, type ZoneTerms } from '../../src/shared/domain/delivery-terms'

// docs/rules/delivery.md#fees-before-the-cart
const plain = (s: string | null) => (s ?? '').replace(/\s/g, ' ')
const zone = (over: Partial<ZoneTerms> = {}): ZoneTerms => ({
  cityName: 'Dakar',
  deliveryFee: 1000,
  minOrderAmount: null,
  freeDeliveryFrom: 25_000,
  ...over,
})

describe('deliveryTermsLine', () => {
  it('says the one fee and threshold of a city’s zones', () => {
    expect(plain(deliveryTermsLine([zone(), zone()], 'Sénégal'))).toBe(
      'Livraison à Dakar : 1 000 F CFA, offerte dès 25 000 F CFA',
    )
  })
  it('says "dès" the lowest when zones differ, and "selon la zone" when some have none', () => {
    expect(
      plain(
        deliveryTermsLine(
          [zone(), zone({ deliveryFee: 1500, freeDeliveryFrom: null, minOrderAmount: 5000 })],
          'Sénégal',
        ),
      ),
    ).toBe(
      'Livraison à Dakar : dès 1 000 F CFA, offerte dès 25 000 F CFA selon la zone · commande minimum 5 000 F CFA selon la zone',
    )
  })
  it('names up to three cities, else the country; free everywhere says so; no zone, no line', () => {
    expect(plain(deliveryTermsLine([zone(), zone({ cityName: 'Thiès' })], 'Sénégal'))).toMatch(
      /^Livraison à Dakar, Thiès : /,
    )
    expect(
      plain(deliveryTermsLine([zone({ deliveryFee: 0 }), zone({ deliveryFee: 2000 })], 'Sénégal')),
    ).toMatch(/^Livraison à Dakar : de 0 à 2 000 F CFA, /)
    const four = ['A', 'B', 'C', 'D'].map((cityName) => zone({ cityName, deliveryFee: 0 }))
    expect(plain(deliveryTermsLine(four, 'Sénégal'))).toBe('Livraison (Sénégal) : offerte')
    expect(deliveryTermsLine([], 'Sénégal')).toBeNull()
  })
})
