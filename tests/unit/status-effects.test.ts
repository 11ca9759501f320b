import { describe, expect, it } from 'vitest'
import { orderStatuses, type OrderStatus, type PaymentStatus } from '../../src/shared/domain/order-status'
import { statusEffects } from '../../src/shared/domain/status-effects'

/** What each change of status does to points and payment (docs/rules.md#order-status). */
const order = (
  status: OrderStatus,
  over: Partial<{ paymentStatus: PaymentStatus; pointsEarned: number; pointsUsed: number }> = {},
) => ({
  id: 42,
  status,
  paymentStatus: 'pending' as PaymentStatus,
  totalAmount: 12_345,
  pointsEarned: 0,
  pointsUsed: 0,
  ...over,
})

describe('statusEffects', () => {
  it.each([
    // from, to, order, points earned after, payment after, moves (type: points)
    ['pending', 'delivered', {}, 123, 'paid', ['earned:123']],
    ['in_delivery', 'delivered', { pointsUsed: 50 }, 123, 'paid', ['earned:123']],
    ['delivered', 'in_delivery', { paymentStatus: 'paid', pointsEarned: 123 }, 0, 'paid', ['reversed:-123']],
    [
      'delivered',
      'cancelled',
      { paymentStatus: 'paid', pointsEarned: 123, pointsUsed: 50 },
      0,
      'refunded',
      ['redeemed:50', 'reversed:-123'],
    ],
    ['pending', 'cancelled', { pointsUsed: 50 }, 0, 'pending', ['redeemed:50']],
    ['pending', 'cancelled', {}, 0, 'pending', []],
    ['cancelled', 'pending', { pointsUsed: 50 }, 0, 'pending', ['redeemed:-50']],
    [
      'cancelled',
      'delivered',
      { pointsUsed: 50, paymentStatus: 'refunded' },
      123,
      'paid',
      ['earned:123', 'redeemed:-50'],
    ],
    ['pending', 'in_preparation', { pointsUsed: 50 }, 0, 'pending', []],
  ] as const)('%s → %s', (from, to, over, pointsEarned, paymentStatus, moves) => {
    const effects = statusEffects(order(from, over), to)
    expect(effects.pointsEarned).toBe(pointsEarned)
    expect(effects.paymentStatus).toBe(paymentStatus)
    expect(effects.moves.map((m) => `${m.type}:${m.points}`)).toEqual(moves)
  })

  it('never takes points back as a negative "earned", and lists credits before debits, for every pair of statuses', () => {
    for (const from of orderStatuses)
      for (const to of orderStatuses) {
        if (from === to) continue
        const { moves } = statusEffects(
          order(from, {
            pointsEarned: from === 'delivered' ? 123 : 0,
            pointsUsed: 50,
            paymentStatus: from === 'delivered' ? 'paid' : 'pending',
          }),
          to,
        )
        expect(moves.every((m) => m.type !== 'earned' || m.points > 0)).toBe(true)
        expect(moves.map((m) => m.points)).toEqual([...moves.map((m) => m.points)].sort((a, b) => b - a))
      }
  })
})
