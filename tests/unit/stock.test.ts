import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { lowStockLeft, shortfallMessage, stockShortfall } from '../../src/shared/domain/stock'
import { lineIssues, refusalsOf } from '../../src/client/features/checkout/lib/stock-issues'
import type { CartItem } from '../../src/client/lib/cart'
import type { PublicProduct } from '../../src/shared/schemas/storefront'

/** What the storefront and the cart say of today's stock (docs/rules/catalogue.md#stock). */
describe('stock rules', () => {
  it('a quantity is refused exactly when the product is sold out or more than is left', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.option(fc.integer({ min: 0, max: 400 }).map((h) => h / 2)),
        fc.integer({ min: 1, max: 400 }).map((h) => h / 2),
        (soldOut, left, quantity) => {
          const s = stockShortfall({ soldOut, left }, quantity)
          if (soldOut) expect(s).toEqual({ kind: 'sold_out' })
          else if (left !== null && quantity > left) expect(s).toEqual({ kind: 'short', left })
          else expect(s).toBeNull()
        },
      ),
    )
  })

  it('says what is left only when low, and names the product in French', () => {
    expect(lowStockLeft({ soldOut: false, left: 5 })).toBe(5)
    expect(lowStockLeft({ soldOut: false, left: 5.5 })).toBeNull()
    expect(lowStockLeft({ soldOut: true, left: 0 })).toBeNull()
    expect(lowStockLeft({ soldOut: false, left: null })).toBeNull()
    expect(shortfallMessage("Gigot d'agneau", 'kg', { kind: 'short', left: 2 })).toBe(
      "Il ne reste que 2 kg de « Gigot d'agneau » aujourd'hui.",
    )
    expect(shortfallMessage("Gigot d'agneau", 'kg', { kind: 'sold_out' })).toBe(
      "« Gigot d'agneau » est épuisé.",
    )
    expect(shortfallMessage('Poulet', 'unit', { kind: 'short', left: 3 })).toBe(
      "Il ne reste que 3 unités de « Poulet » aujourd'hui.",
    )
  })
})

describe('the cart’s changed lines', () => {
  const item = (id: number, quantity: number): CartItem => ({
    id,
    name: `Produit ${id}`,
    imageUrl: null,
    pricePerUnit: 1000,
    unitType: 'kg',
    quantity,
  })
  const product = (id: number, stock: PublicProduct['stock']) => ({ id, stock }) as PublicProduct

  it('marks sold-out and short lines from the catalogue, with the quantity to lower to', () => {
    const issues = lineIssues(
      [item(1, 1), item(2, 3), item(3, 1)],
      [
        product(1, { soldOut: true, left: null }),
        product(2, { soldOut: false, left: 2 }),
        product(3, { soldOut: false, left: 1 }),
      ],
      [],
    )
    expect(issues.get(1)).toEqual({ message: '« Produit 1 » est épuisé.', lowerTo: null })
    expect(issues.get(2)).toEqual({
      message: "Il ne reste que 2 kg de « Produit 2 » aujourd'hui.",
      lowerTo: 2,
    })
    expect(issues.has(3)).toBe(false)
  })

  it('keeps the server’s word on a line while it asks the same quantity', () => {
    const sent = [
      { productId: 7, quantity: 2 },
      { productId: 8, quantity: 1 },
    ]
    const refused = refusalsOf({ 'items.1.quantity': ['« Produit 8 » est épuisé.'] }, sent)
    expect(refused).toEqual([{ productId: 8, quantity: 1, message: '« Produit 8 » est épuisé.' }])
    expect(lineIssues([item(7, 2), item(8, 1)], undefined, refused).get(8)?.message).toBe(
      '« Produit 8 » est épuisé.',
    )
    expect(lineIssues([item(7, 2), item(8, 0.5)], undefined, refused).size).toBe(0)
  })
})
