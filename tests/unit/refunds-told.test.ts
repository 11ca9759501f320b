import { describe, expect, it } from 'vitest'
import { progressOf } from '../../src/client/features/checkout/lib/order-progress'
import { clientPaymentLabel, refundParts, type RefundPart } from '../../src/shared/domain/refunds'

/*
 * docs/rules/money-told.md#refunds-told: a refunded order reads "À rembourser" until its money has
 * moved, and its page says how and when; "remboursée" only once it is given back.
 */
const cancelled = (refunds: RefundPart[]) => ({
  status: 'cancelled' as const,
  paymentStatus: 'refunded' as const,
  paymentMethod: 'mobile_money' as const,
  pointsEarned: 0,
  pointsUsed: 0,
  orderedTotalAmount: null,
  weighApproval: null,
  cancelReason: 'Rupture',
  totalAmount: 14_000,
  amountPaid: 14_000,
  items: [],
  refunds,
})
const toDo: RefundPart = { amount: 14_000, way: 'shop', wallet: 'Orange Money', done: false, doneAt: null }

describe('refunds as the client reads them', () => {
  it('each attempt flagged to be given back is a part: Wave whole by its API, anything else by the shop', () => {
    const parts = refundParts({
      status: 'cancelled',
      paymentStatus: 'refunded',
      amountPaid: 14_000,
      walletReceived: 14_000,
      attempts: [
        {
          amount: 10_000,
          refundAmount: null,
          provider: 'wave',
          wallet: 'Wave',
          refundStatus: 'requested',
          doneAt: null,
        },
        {
          amount: 4_000,
          refundAmount: null,
          provider: 'cinetpay',
          wallet: 'Orange Money',
          refundStatus: 'done',
          doneAt: '2026-11-29T10:00:00Z',
        },
      ],
    })
    expect(parts.map((p) => [p.way, p.done])).toEqual([
      ['provider', false],
      ['shop', true],
    ])
  })

  it('cash a cancelled order counted that no attempt brought is given back in cash', () => {
    const parts = refundParts({
      status: 'cancelled',
      paymentStatus: 'refunded',
      amountPaid: 9_000,
      walletReceived: 0,
      attempts: [],
    })
    expect(parts).toEqual([{ amount: 9_000, way: 'cash', wallet: null, done: false, doneAt: null }])
  })

  it('"À rembourser" until every part is done, then "Remboursé"; the page never says "remboursée" before', () => {
    expect(clientPaymentLabel(cancelled([toDo]))).toBe('À rembourser')
    const before = progressOf(cancelled([toDo]))
    expect(before.totalLabel).toBe('Total (à rembourser)')
    expect(before.steps.join(' ')).not.toMatch(/remboursée|ont été rendus/)
    expect(before.steps).toContain(
      '14\u202f000\u00a0F\u202fCFA vous seront rendus sur votre compte Orange Money par la boutique, à la main. Nous vous écrirons le jour où ce sera fait.',
    )
    const done = { ...toDo, done: true, doneAt: new Date('2026-11-29T10:00:00Z') }
    expect(clientPaymentLabel(cancelled([done]))).toBe('Remboursé')
    expect(progressOf(cancelled([done])).steps.join(' ')).toMatch(
      /vous ont été rendus sur votre compte Orange Money le /,
    )
  })

  it('nothing received: nothing taken, nothing owed', () => {
    const o = { ...cancelled([]), paymentStatus: 'pending' as const, amountPaid: 0 }
    expect(progressOf(o).steps).toContain('Rien ne vous a été débité : vous ne devez rien.')
    // Its payment waits for nothing: not "En attente".
    expect(clientPaymentLabel(o)).toBe('Rien à payer')
    expect(clientPaymentLabel({ ...o, status: 'pending' })).toBe('En attente')
    expect(progressOf(o).totalLabel).toBe('Total (rien à payer)')
  })
})
