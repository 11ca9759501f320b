import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { priceOrder } from '../../src/shared/domain/pricing'
import { beyondTolerance, deliveryBlocker, repriceWeighed } from '../../src/shared/domain/weighin'

// docs/rules/orders.md#weigh-in: a repricing is the pricing rule on the weighed lines, with the
// order's own terms; the tolerance is measured against the ordered total.

const grams = fc.integer({ min: 1, max: 50_000 }).map((g) => g / 1000)
const line = fc.record({
  unitPrice: fc.integer({ min: 0, max: 100_000 }),
  quantity: fc.integer({ min: 1, max: 40 }).map((n) => n / 2),
  weighedQuantity: fc.option(grams, { nil: null }),
})
const terms = fc.record({
  discountPercent: fc.option(fc.integer({ min: 0, max: 50 }), { nil: null }),
  pointsUsed: fc.integer({ min: 0, max: 1_000_000 }),
  pointValue: fc.integer({ min: 1, max: 10 }),
  deliveryFee: fc.integer({ min: 0, max: 5000 }),
  freeDeliveryFrom: fc.option(fc.integer({ min: 0, max: 200_000 }), { nil: null }),
})

describe('repriceWeighed', () => {
  it('is priceOrder of the weighed lines (the ordered quantity where none is weighed) with the order’s terms', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 6 }), terms, (lines, t) => {
        const got = repriceWeighed(t, lines)
        const want = priceOrder(
          lines.map((l) => ({ unitPrice: l.unitPrice, quantity: l.weighedQuantity ?? l.quantity })),
          t.discountPercent,
          t.pointsUsed,
          t.pointValue,
          { fee: t.deliveryFee, freeFrom: t.freeDeliveryFrom },
        )
        expect(got).toEqual(want)
        // Never more points than the order had, nor than the weighed order can take.
        expect(got.pointsUsed).toBeLessThanOrEqual(t.pointsUsed)
        expect(got.pointsDiscountAmount).toBeLessThanOrEqual(got.subtotal - got.discountAmount)
      }),
    )
  })

  it('with every weight equal to the order, prices the order as at checkout', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 6 }), terms, (lines, t) => {
        const asOrdered = lines.map((l) => ({ ...l, weighedQuantity: l.quantity }))
        const fresh = lines.map((l) => ({ ...l, weighedQuantity: null }))
        expect(repriceWeighed(t, asOrdered)).toEqual(repriceWeighed(t, fresh))
      }),
    )
  })
})

describe('beyondTolerance', () => {
  it('asks beyond the tolerance, either way, and never within it', () => {
    expect(beyondTolerance(11_500, 12_100, 10)).toBe(false) // +5.2 %
    expect(beyondTolerance(11_500, 12_650, 10)).toBe(false) // +10 % exactly
    expect(beyondTolerance(11_500, 12_651, 10)).toBe(true)
    expect(beyondTolerance(11_500, 10_350, 10)).toBe(false) // −10 %
    expect(beyondTolerance(11_500, 10_349, 10)).toBe(true)
    expect(beyondTolerance(0, 0, 10)).toBe(false)
    expect(beyondTolerance(0, 1, 50)).toBe(true)
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50_000_000 }),
        fc.integer({ min: 0, max: 50_000_000 }),
        fc.integer({ min: 0, max: 50 }),
        (ordered, now, tol) => {
          expect(beyondTolerance(ordered, now, tol)).toBe(Math.abs(now - ordered) > (ordered * tol) / 100)
          if (now === ordered) expect(beyondTolerance(ordered, now, tol)).toBe(false)
        },
      ),
    )
  })
})

describe('deliveryBlocker', () => {
  const kg = (w: number | null) => ({ unitType: 'kg' as const, productName: 'Gigot', weighedQuantity: w })
  const unit = { unitType: 'unit' as const, productName: 'Merguez', weighedQuantity: null }
  const order = (o: Partial<Parameters<typeof deliveryBlocker>[0]>) => ({
    status: 'in_preparation' as const,
    weighApproval: null,
    items: [kg(1.62), unit],
    ...o,
  })

  it('holds back delivery until every kg line is weighed and any agreement given', () => {
    expect(deliveryBlocker(order({}), 'in_delivery')).toBeNull()
    expect(deliveryBlocker(order({ items: [kg(null), unit] }), 'in_delivery')).toContain(
      'Pesée manquante (Gigot)',
    )
    expect(deliveryBlocker(order({ items: [kg(null)] }), 'delivered')).toContain('Pesée manquante')
    expect(deliveryBlocker(order({ weighApproval: 'awaiting' }), 'in_delivery')).toContain('accord du client')
    expect(deliveryBlocker(order({ weighApproval: 'refused' }), 'in_delivery')).toContain('refusé')
    expect(deliveryBlocker(order({ weighApproval: 'accepted' }), 'in_delivery')).toBeNull()
  })

  it('does not hold back other statuses, unit-only orders, or an order already on its way', () => {
    expect(deliveryBlocker(order({ items: [kg(null)] }), 'cancelled')).toBeNull()
    expect(deliveryBlocker(order({ items: [unit] }), 'in_delivery')).toBeNull()
    expect(deliveryBlocker(order({ status: 'in_delivery', items: [kg(null)] }), 'delivered')).toBeNull()
  })
})
