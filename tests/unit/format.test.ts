import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatMoney, formatNumber, formatQuantity } from '@/shared/format'

// Amounts and quantities are written without Intl.NumberFormat (docs/decisions/0028): the text
// must stay Intl's own for fr-FR, character for character, or a server-rendered price would
// differ from the one the browser draws.
const intlMoney = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'XOF' })
const intlNumber = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 3 })

describe('formatMoney and formatNumber write what Intl writes', () => {
  it('for every amount in whole francs', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => {
        expect(formatMoney(n)).toBe(intlMoney.format(n))
      }),
      { numRuns: 2000 },
    )
  })

  it('for quantities and numbers with decimals (halves rounded as ICU rounds them)', () => {
    const decimals = fc.oneof(
      fc.double({ min: -1e9, max: 1e9, noNaN: true }),
      fc.integer({ min: -1e7, max: 1e7 }).map((n) => n / 10_000),
      fc.integer({ min: 0, max: 1e6 }).map((n) => n / 2000),
    )
    fc.assert(
      fc.property(decimals, (n) => {
        expect(formatNumber(n)).toBe(intlNumber.format(n))
      }),
      { numRuns: 3000 },
    )
  })

  it('on the edges', () => {
    for (const n of [
      0,
      -0,
      0.5,
      1.5,
      2.5,
      -2.5,
      1.0005,
      0.9995,
      999.9995,
      1e21,
      1e-7,
      0.1 + 0.2,
      9_999_999.9999,
    ])
      expect(formatNumber(n), String(n)).toBe(intlNumber.format(n))
    for (const n of [0, 0.5, 12.5, 999_999.5, -1500])
      expect(formatMoney(n), String(n)).toBe(intlMoney.format(n))
    expect(formatMoney(12_500)).toBe('12\u202f500\u00a0F\u202fCFA')
    expect(formatQuantity(1.5, 'kg')).toBe('1,5 kg')
    expect(formatQuantity(2, 'unit')).toBe('2 unités')
  })
})
