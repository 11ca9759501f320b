import { describe, expect, it } from 'vitest'
import { orderStatuses, type OrderStatus, type PaymentStatus } from '../../src/shared/domain/order-status'
import { paymentEffects, statusEffects } from '../../src/shared/domain/status-effects'

/** What each change of status does to points and payment (docs/rules/orders.md#order-status). */
const order = (
  status: OrderStatus,
  over: Partial<{
    paymentStatus: PaymentStatus
    pointsEarned: number
    pointsUsed: number
    amountPaid: number
  }> = {},
) => ({
  id: 42,
  status,
  paymentStatus: 'pending' as PaymentStatus,
  totalAmount: 12_345,
  // What is paid once the change's collection is written: the whole total unless said.
  amountPaid: 12_345,
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
    ['pending', 'cancelled', { pointsUsed: 50, amountPaid: 0 }, 0, 'pending', ['redeemed:50']],
    ['pending', 'cancelled', { amountPaid: 0 }, 0, 'pending', []],
    // Part of its total received by mobile money before it was weighed again: given back.
    ['pending', 'cancelled', {}, 0, 'refunded', []],
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
    // docs/rules/money.md#partly-paid: collected short of the total, points on what was paid.
    ['in_delivery', 'delivered', { amountPaid: 8_000 }, 80, 'partly_paid', ['earned:80']],
    ['in_delivery', 'delivered', { amountPaid: 0 }, 0, 'partly_paid', []],
    ['in_delivery', 'delivered', { amountPaid: 20_000 }, 123, 'paid', ['earned:123']],
    [
      'delivered',
      'in_delivery',
      { paymentStatus: 'partly_paid', pointsEarned: 80, amountPaid: 8_000 },
      0,
      'partly_paid',
      ['reversed:-80'],
    ],
    [
      'delivered',
      'cancelled',
      { paymentStatus: 'partly_paid', pointsEarned: 80, amountPaid: 8_000 },
      0,
      'refunded',
      ['reversed:-80'],
    ],
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

describe('paymentEffects (a later payment of a partly paid order)', () => {
  const owing = { id: 7, paymentStatus: 'partly_paid' as PaymentStatus, totalAmount: 9_000, pointsEarned: 80 }
  it.each([
    // paid after, points earned after, payment after, moves
    [8_400, 84, 'partly_paid', ['earned:4']],
    [9_000, 90, 'paid', ['earned:10']],
    [8_050, 80, 'partly_paid', []],
    [9_500, 90, 'paid', ['earned:10']],
  ] as const)('paid %i', (amountPaid, pointsEarned, paymentStatus, moves) => {
    const e = paymentEffects({ ...owing, amountPaid })
    expect(e.pointsEarned).toBe(pointsEarned)
    expect(e.paymentStatus).toBe(paymentStatus)
    expect(e.moves.map((m) => `${m.type}:${m.points}`)).toEqual(moves)
  })

  it('earns in all exactly the points of the total, however the rest is paid', () => {
    for (const parts of [[9_000], [8_000, 1_000], [1, 8_998, 1], [4_550, 4_450], [99, 99, 8_802]]) {
      let state = { ...owing, paymentStatus: 'pending' as PaymentStatus, pointsEarned: 0, amountPaid: 0 }
      let earned = 0
      for (const p of parts) {
        const e = paymentEffects({ ...state, amountPaid: state.amountPaid + p })
        earned += e.moves.reduce((s, m) => s + m.points, 0)
        state = {
          ...state,
          amountPaid: state.amountPaid + p,
          pointsEarned: e.pointsEarned,
          paymentStatus: e.paymentStatus,
        }
      }
      expect(earned).toBe(90)
      expect(state.paymentStatus).toBe('paid')
    }
  })
})
