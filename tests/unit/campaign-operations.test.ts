import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { cancellationSplit, isOverdue, stepRefusal } from '../../src/shared/domain/campaign-operations'

// docs/rules/campaigns-operations.md#cancelling and #handing-over: the pure rules the server
// enforces and the pages show before asking.

const DAY = 86_400_000

describe('campaign operations: pure rules', () => {
  it('cancelling: kept and given back add up to what was paid; the fee until the date, all after it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.boolean(),
        (paid, fee, before) => {
          const at = new Date('2027-05-01T00:00:00Z')
          const until = new Date(at.getTime() + (before ? DAY : -DAY))
          const s = cancellationSplit({ refundableUntil: until, cancellationFee: fee }, paid, at)
          expect(s.kept + s.refund).toBe(paid)
          expect(s.refund).toBeGreaterThanOrEqual(0)
          expect(s.kept).toBe(before ? Math.min(paid, fee) : paid)
        },
      ),
    )
    expect(cancellationSplit({ refundableUntil: null, cancellationFee: 0 }, 50_000, new Date())).toEqual({
      refundable: false,
      kept: 50_000,
      refund: 0,
    })
  })

  it('steps: ready after the deposit, handed over from ready once paid in full', () => {
    expect(stepRefusal('ready', { status: 'booked', balance: 10 })).toBeNull()
    expect(stepRefusal('ready', { status: 'held', balance: 10 })).toContain('L’acompte')
    expect(stepRefusal('delivered', { status: 'ready', balance: 0 })).toBeNull()
    expect(stepRefusal('collected', { status: 'ready', balance: 1 })).toContain('Le solde n’est pas payé')
    expect(stepRefusal('collected', { status: 'paid', balance: 0 })).toContain('« Prête »')
    expect(stepRefusal('delivered', { status: 'cancelled', balance: 0 })).toBe(
      'Cette réservation est annulée.',
    )
  })

  it('overdue: live, a balance left, the due date passed', () => {
    const past = new Date(Date.now() - DAY)
    expect(isOverdue({ status: 'booked', balance: 1, dueAt: past })).toBe(true)
    expect(isOverdue({ status: 'booked', balance: 0, dueAt: past })).toBe(false)
    expect(isOverdue({ status: 'cancelled', balance: 1, dueAt: past })).toBe(false)
    expect(isOverdue({ status: 'booked', balance: 1, dueAt: new Date(Date.now() + DAY) })).toBe(false)
  })
})
