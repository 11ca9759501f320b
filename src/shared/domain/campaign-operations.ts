/**
 * A campaign's operations on the feast days (docs/rules/campaigns-operations.md): the steps staff
 * take an animal through, what cancelling gives back, which reservation is overdue. Pure rules,
 * used by the server (which enforces them) and the pages (which only hide what it would refuse).
 */
import type { ReservationStatus } from './campaigns'

/** The steps staff apply: ready (slaughtered and cut), then delivered or collected. */
export const operationSteps = ['ready', 'delivered', 'collected'] as const
export type OperationStep = (typeof operationSteps)[number]

/** From which states each step may be taken (the server's conditional update uses the same list). */
export const stepFrom: Record<OperationStep, readonly ReservationStatus[]> = {
  ready: ['booked', 'paid'],
  delivered: ['ready'],
  collected: ['ready'],
}

/** A step's button, and what the server says when the reservation is no longer where it was. */
export const stepLabels: Record<OperationStep, string> = {
  ready: 'Prête',
  delivered: 'Livrée',
  collected: 'Retirée',
}

export const reservationStatusLabels: Record<ReservationStatus, string> = {
  held: 'Acompte en cours',
  booked: 'Acompte payé',
  paid: 'Payée',
  ready: 'Prête',
  delivered: 'Livrée',
  collected: 'Retirée',
  cancelled: 'Annulée',
  expired: 'Expirée',
}

/** States staff may cancel from: live, not yet handed over. */
export const CANCELLABLE: readonly ReservationStatus[] = ['held', 'booked', 'paid', 'ready']

/** Why a step is refused for a reservation in `status` with `balance` left, or null. */
export function stepRefusal(
  step: OperationStep,
  r: { status: ReservationStatus; balance: number },
): string | null {
  if (!stepFrom[step].includes(r.status)) {
    if (r.status === 'cancelled') return 'Cette réservation est annulée.'
    if (r.status === 'expired') return 'Cette réservation a expiré.'
    if (step === 'ready')
      return r.status === 'held'
        ? 'L’acompte n’est pas encore payé : l’animal ne peut pas être préparé.'
        : `Cette réservation est déjà « ${reservationStatusLabels[r.status]} ».`
    return r.status === 'delivered' || r.status === 'collected'
      ? `Cette réservation est déjà « ${reservationStatusLabels[r.status]} ».`
      : 'L’animal doit d’abord être marqué « Prête » (abattu et découpé).'
  }
  if (step !== 'ready' && r.balance > 0)
    return 'Le solde n’est pas payé : encaissez-le avant de remettre l’animal.'
  return null
}

/**
 * What cancelling keeps and gives back (docs/rules/campaigns-operations.md#cancelling): until the
 * campaign's refundable date, everything paid less the cancellation fee (never more than was
 * paid); after it, or when the campaign is never refundable, everything paid is kept.
 */
export function cancellationSplit(
  c: { refundableUntil: Date | null; cancellationFee: number },
  amountPaid: number,
  at: Date,
) {
  const refundable = c.refundableUntil !== null && at.getTime() <= c.refundableUntil.getTime()
  const kept = refundable ? Math.min(amountPaid, c.cancellationFee) : amountPaid
  return { refundable, kept, refund: amountPaid - kept }
}

/** The due date that applies: the reservation's own (extended), else the campaign's. */
export const dueDateOf = (r: { dueAt: Date | null }, c: { balanceDueAt: Date }) => r.dueAt ?? c.balanceDueAt

/** Live, a balance left, and its due date passed: staff extend it or cancel. */
export const isOverdue = (
  r: { status: ReservationStatus; balance: number; dueAt: Date },
  now: Date = new Date(),
) => (['booked', 'ready', 'held'] as ReservationStatus[]).includes(r.status) && r.balance > 0 && r.dueAt < now
