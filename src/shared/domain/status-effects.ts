import { pointsEarnedFor } from './pricing'
import type { OrderStatus, PaymentStatus } from './order-status'

/**
 * The kinds of movement in a client's ledger of points (docs/rules.md#points): points earned by
 * a delivered order, taken back when it leaves delivered (a reversal, never a negative
 * "earned"), spent at checkout or given back (redeemed), given by staff, expired.
 */
export const loyaltyTypes = ['earned', 'reversed', 'redeemed', 'bonus', 'expired'] as const
export type LoyaltyType = (typeof loyaltyTypes)[number]

type LoyaltyMove = { type: LoyaltyType; points: number; description: string }

type StatusEffects = {
  pointsEarned: number
  paymentStatus: PaymentStatus
  /** The ledger's movements, credits first (the balance never dips below its final value midway). */
  moves: LoyaltyMove[]
}

type OrderState = {
  id: number
  status: OrderStatus
  paymentStatus: PaymentStatus
  totalAmount: number
  pointsEarned: number
  pointsUsed: number
}

/**
 * What a change of status does to an order's points and payment (docs/rules.md#order-status),
 * as a pure function: the transaction that changes the status applies what it returns.
 * - becoming delivered credits floor(total / 100) points and marks the payment paid;
 * - leaving delivered takes those points back (a reversal); the order stays paid;
 * - cancelling gives back the points the order spent and marks a paid order refunded;
 * - leaving cancelled spends those points again.
 */
export function statusEffects(order: OrderState, to: OrderStatus): StatusEffects {
  const from = order.status
  let pointsEarned = order.pointsEarned
  let paymentStatus = order.paymentStatus
  const moves: LoyaltyMove[] = []
  if (from === 'delivered' && pointsEarned > 0) {
    moves.push({
      type: 'reversed',
      points: -pointsEarned,
      description: `Points repris : commande #${order.id} n'est plus livrée`,
    })
    pointsEarned = 0
  }
  if (from === 'cancelled' && order.pointsUsed > 0) {
    moves.push({
      type: 'redeemed',
      points: -order.pointsUsed,
      description: `Points utilisés sur la commande #${order.id} (réactivée)`,
    })
  }
  if (to === 'cancelled') {
    if (order.pointsUsed > 0)
      moves.push({
        type: 'redeemed',
        points: order.pointsUsed,
        description: `Points rendus : commande #${order.id} annulée`,
      })
    if (paymentStatus === 'paid') paymentStatus = 'refunded'
  }
  if (to === 'delivered') {
    const earned = pointsEarnedFor(order.totalAmount)
    if (earned > 0)
      moves.push({
        type: 'earned',
        points: earned,
        description: `Points gagnés sur la commande #${order.id}`,
      })
    pointsEarned = earned
    paymentStatus = 'paid'
  }
  return { pointsEarned, paymentStatus, moves: moves.sort((a, b) => b.points - a.points) }
}
