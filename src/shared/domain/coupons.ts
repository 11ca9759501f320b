import { formatMoney } from '../format'

// Coupons (docs/rules/commerce.md#coupons): a code of a country, a percentage or an amount off the
// goods, within a global budget and a limit per client's phone. One pure verdict, read by the
// checkout (under the coupon's row lock) and by the cart's preview.

export const couponKinds = ['percent', 'amount'] as const
export type CouponKind = (typeof couponKinds)[number]

/** A code as staff type it: letters, digits, dashes; compared without case. */
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{1,29}$/

/** A coupon's terms, as the verdict reads them. */
export type CouponTerms = {
  kind: CouponKind
  value: number
  maxUses: number | null
  maxAmount: number | null
  perClient: number | null
  minOrder: number | null
  /** First and last local day of the country it is valid (inclusive), or none. */
  validFrom: string | null
  validTo: string | null
  firstOrderOnly: boolean
  stopped: boolean
  usesCount: number
  amountSpent: number
}

/** What the verdict knows of the order and of the client. */
export type CouponCase = {
  /** The goods after the account's own discount: what the coupon takes its share of. */
  goods: number
  /** The country's day now, YYYY-MM-DD. */
  today: string
  /** The client's phone (international form), or none. */
  phone: string | null
  /** Uses of this coupon by that phone, cancelled orders' uses not counted. */
  phoneUses: number
  /** Whether the client (its account or its phone) has an order that was not cancelled. */
  hasOrdered: boolean
}

export const COUPON_UNKNOWN = 'Ce code promo n’existe pas.'
export const COUPON_STOPPED = 'Ce code promo n’est plus actif.'
export const COUPON_EXHAUSTED = 'Ce code promo a atteint sa limite d’utilisation : il n’est plus disponible.'
export const COUPON_NEEDS_PHONE =
  'Ce code promo est limité par numéro de téléphone : ajoutez votre numéro à votre compte pour l’utiliser.'
export const COUPON_PER_CLIENT = 'Vous avez déjà utilisé ce code promo autant de fois que permis.'
export const COUPON_FIRST_ORDER = 'Ce code promo est réservé à une première commande.'
const notYet = (from: string) => `Ce code promo n’est valable qu’à partir du ${frenchDay(from)}.`
const expired = (to: string) => `Ce code promo a expiré le ${frenchDay(to)}.`
export const couponMinimum = (min: number) =>
  `Ce code promo demande une commande d’au moins ${formatMoney(min)} (hors livraison).`

function frenchDay(day: string) {
  const [y, m, d] = day.split('-')
  return `${d}/${m}/${y}`
}

/** What the budget leaves of the coupon: a number of francs, or none (no amount budget). */
export function budgetLeft(c: Pick<CouponTerms, 'maxAmount' | 'amountSpent'>): number | null {
  return c.maxAmount == null ? null : Math.max(0, c.maxAmount - c.amountSpent)
}

/**
 * The coupon's discount on `goods`: a percentage rounded to whole francs, or the amount; never
 * more than the goods (the order never goes below 0) nor than what the budget in francs leaves
 * (the last use takes the rest: the budget stops at exactly 100 %).
 */
export function couponDiscountOf(
  c: Pick<CouponTerms, 'kind' | 'value' | 'maxAmount' | 'amountSpent'>,
  goods: number,
) {
  const raw = c.kind === 'percent' ? Math.round((goods * c.value) / 100) : c.value
  const left = budgetLeft(c)
  return Math.max(0, Math.min(raw, goods, left ?? Infinity))
}

export type CouponVerdict = { ok: true; discount: number } | { ok: false; status: 400 | 409; message: string }

/** Whether the coupon applies to this order, and its discount; else why not, in French. */
export function couponVerdict(c: CouponTerms, k: CouponCase): CouponVerdict {
  const no = (message: string, status: 400 | 409 = 400) => ({ ok: false as const, status, message })
  if (c.stopped) return no(COUPON_STOPPED)
  if (c.validFrom && k.today < c.validFrom) return no(notYet(c.validFrom))
  if (c.validTo && k.today > c.validTo) return no(expired(c.validTo))
  if ((c.maxUses != null && c.usesCount >= c.maxUses) || budgetLeft(c) === 0) return no(COUPON_EXHAUSTED, 409)
  if (c.minOrder != null && k.goods < c.minOrder) return no(couponMinimum(c.minOrder))
  if (c.firstOrderOnly && k.hasOrdered) return no(COUPON_FIRST_ORDER)
  if (c.perClient != null) {
    if (!k.phone) return no(COUPON_NEEDS_PHONE)
    if (k.phoneUses >= c.perClient) return no(COUPON_PER_CLIENT)
  }
  return { ok: true, discount: couponDiscountOf(c, k.goods) }
}
