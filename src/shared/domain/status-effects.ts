import { pointsEarnedFor } from './pricing'
import type { OrderStatus, PaymentStatus } from './order-status'

/**
 * The kinds of movement in a client's ledger of points (docs/rules/money.md#points): points earned by
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
  /**
   * What the client has paid of it (docs/rules/money.md#partly-paid): for a change to delivered,
   * what it will have paid once the change's collection is written.
   */
  amountPaid: number
  pointsEarned: number
  pointsUsed: number
}

/**
 * The one points rule (docs/rules/money.md#points): a delivered order earns floor(paid / 100)
 * points on what was paid of it, at most its total; a partly paid order earns the rest when it
 * is paid (decision 0054).
 */
export const pointsOnPaid = (o: { totalAmount: number; amountPaid: number }) =>
  pointsEarnedFor(Math.max(0, Math.min(o.amountPaid, o.totalAmount)))

/** What a delivered order still owes: its total less what was paid of it (never below 0). */
export const amountOwed = (o: { totalAmount: number; amountPaid: number }) =>
  Math.max(0, o.totalAmount - o.amountPaid)

/** A delivered order's payment: paid once its total is paid, partly paid until then. */
const deliveredPayment = (o: { totalAmount: number; amountPaid: number }): PaymentStatus =>
  amountOwed(o) === 0 ? 'paid' : 'partly_paid'

/**
 * What a change of status does to an order's points and payment (docs/rules/orders.md#order-status),
 * as a pure function: the transaction that changes the status applies what it returns.
 * - becoming delivered credits the points of what was paid (`pointsOnPaid`) and marks the payment
 *   paid, or partly paid when less than the total was collected;
 * - leaving delivered takes those points back (a reversal); the order stays paid;
 * - cancelling gives back the points the order spent and marks an order that received money (paid,
 *   partly paid, or part of it before a new total) refunded;
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
    // Money received, all or part (a mobile money payment before a total weighed again), is given back.
    if (paymentStatus === 'paid' || paymentStatus === 'partly_paid' || order.amountPaid > 0)
      paymentStatus = 'refunded'
  }
  if (to === 'delivered') {
    const earned = pointsOnPaid(order)
    if (earned > 0)
      moves.push({
        type: 'earned',
        points: earned,
        description: `Points gagnés sur la commande #${order.id}`,
      })
    pointsEarned = earned
    paymentStatus = deliveredPayment(order)
  }
  return { pointsEarned, paymentStatus, moves: moves.sort((a, b) => b.points - a.points) }
}

/**
 * What a later payment of a delivered, partly paid order does (docs/rules/money.md#partly-paid):
 * `amountPaid` is what will have been paid with it. The order earns the points of what is now
 * paid that it has not earned yet (never fewer: a payment takes nothing back), and is paid once
 * nothing is owed.
 */
export function paymentEffects(
  order: Omit<OrderState, 'status' | 'pointsUsed'>,
): Pick<StatusEffects, 'pointsEarned' | 'paymentStatus' | 'moves'> {
  const earned = Math.max(0, pointsOnPaid(order) - order.pointsEarned)
  return {
    pointsEarned: order.pointsEarned + earned,
    paymentStatus: deliveredPayment(order),
    moves:
      earned > 0
        ? [
            {
              type: 'earned',
              points: earned,
              description: `Points gagnés sur le reste payé de la commande #${order.id}`,
            },
          ]
        : [],
  }
}
