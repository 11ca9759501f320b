/**
 * Campaigns: the feast days sold ahead (docs/rules/campaigns.md, docs/decisions/0066). Pure rules,
 * used by the server and the pages: the states, the deposit, what an instalment may be.
 */
import { formatMoney } from '../format'

/** An animal, each its own listing; `held` while its deposit is being paid. */
export const animalStatuses = [
  'available',
  'held',
  'booked',
  'paid',
  'ready',
  'delivered',
  'collected',
  'cancelled',
] as const
export type AnimalStatus = (typeof animalStatuses)[number]
export const animalStatusLabels: Record<AnimalStatus, string> = {
  available: 'Disponible',
  held: 'Réservé (acompte en cours)',
  booked: 'Acompte payé',
  paid: 'Payé',
  ready: 'Prêt',
  delivered: 'Livré',
  collected: 'Retiré',
  cancelled: 'Annulé',
}

/** A reservation: the animal's states, and `expired` for a hold whose deposit never came. */
export const reservationStatuses = [
  'held',
  'booked',
  'paid',
  'ready',
  'delivered',
  'collected',
  'cancelled',
  'expired',
] as const
export type ReservationStatus = (typeof reservationStatuses)[number]

/** A reservation that still counts for its animal or share (and may be paid). */
export const LIVE_RESERVATION: readonly ReservationStatus[] = ['held', 'booked', 'paid', 'ready']

export const depositKinds = ['percent', 'fixed'] as const
export type DepositKind = (typeof depositKinds)[number]
export const DEFAULT_DEPOSIT_PERCENT = 30

export const slotKinds = ['delivery', 'collection'] as const
export type SlotKind = (typeof slotKinds)[number]

/** How long an animal (or a share) is held while its deposit is being paid. */
export const HOLD_MS = 15 * 60_000

/** The smallest instalment (unless less is left). */
export const MIN_INSTALMENT = 1_000

/**
 * The deposit asked for a price: a share of it (rounded up to 5 F), or a fixed amount,
 * never more than the price.
 */
export function depositFor(
  rule: { depositKind: DepositKind; depositPercent: number; depositFixed: number | null },
  price: number,
) {
  // A share is rounded up to a multiple of 5 F: what every provider can be asked (CinetPay's rule).
  const raw =
    rule.depositKind === 'fixed'
      ? (rule.depositFixed ?? 0)
      : Math.ceil((price * rule.depositPercent) / 500) * 5
  return Math.max(0, Math.min(price, raw))
}

/**
 * Whether `amount` may be paid now on a reservation: the first payment covers at least the deposit,
 * every later one at least 1 000 F (or all that is left, when less), none more than what is left.
 * Null: it may; else the French reason.
 */
export function instalmentRefusal(
  r: { total: number; amountPaid: number; depositAmount: number },
  amount: number,
): string | null {
  const left = r.total - r.amountPaid
  if (left <= 0) return 'Cette réservation est déjà entièrement payée.'
  if (amount > left) return `Le montant dépasse ce qu’il reste à payer : il reste ${formatMoney(left)}.`
  const depositLeft = r.depositAmount - r.amountPaid
  const least = Math.min(left, Math.max(MIN_INSTALMENT, depositLeft))
  if (amount < least)
    return depositLeft > 0 && depositLeft >= MIN_INSTALMENT
      ? `Le premier paiement couvre au moins l’acompte : ${formatMoney(depositLeft)}.`
      : `Le montant minimum d’un versement est de ${formatMoney(least)}.`
  return null
}

/** The first name only, for the pay link's page (nothing personal beyond it). */
export const firstNameOf = (displayName: string | null | undefined) =>
  (displayName ?? '').trim().split(/\s+/)[0] ?? ''
