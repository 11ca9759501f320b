/**
 * Mobile money (docs/rules/money.md#payments, docs/decisions/0042): who takes which wallet, what is
 * asked, the states of an attempt. Pure rules, used by the server and the pages.
 */

export const paymentMethods = ['cash', 'mobile_money'] as const
export type PaymentMethod = (typeof paymentMethods)[number]
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  cash: 'À la livraison (espèces)',
  mobile_money: 'Mobile money',
}

export const paymentProviders = ['cinetpay', 'wave'] as const
export type PaymentProvider = (typeof paymentProviders)[number]
export const paymentProviderLabels: Record<PaymentProvider, string> = { cinetpay: 'CinetPay', wave: 'Wave' }

/** Whether a provider refunds by API (Wave) or by hand from its back office (CinetPay). */
export const providerRefundsByApi: Record<PaymentProvider, boolean> = { cinetpay: false, wave: true }

/** An attempt: its own reference, one provider, one amount. Only `paid` is final for money. */
export const attemptStatuses = ['pending', 'paid', 'failed', 'expired', 'mismatch'] as const
export type AttemptStatus = (typeof attemptStatuses)[number]
export const attemptStatusLabels: Record<AttemptStatus, string> = {
  pending: 'En attente',
  paid: 'Payé',
  failed: 'Échoué',
  expired: 'Expiré',
  mismatch: 'Montant différent',
}

/** A paid attempt to give back: by the provider's API (requested → done) or by staff (to_do → done). */
export const refundStatuses = ['requested', 'to_do', 'done'] as const
export type RefundStatus = (typeof refundStatuses)[number]
export const REFUND_TO_DO_LABEL = 'Remboursement à faire'

/** The wallets as the countries list them (their "Mobile Money"), by a stable key. */
const walletKeys: Record<string, string> = {
  'orange money': 'orange_money',
  'mtn momo': 'mtn_momo',
  'mtn mobile money': 'mtn_momo',
  mtn: 'mtn_momo',
  'moov money': 'moov_money',
  moov: 'moov_money',
  wave: 'wave',
}
export const walletKey = (name: string) => walletKeys[name.trim().toLowerCase()] ?? null

/** CinetPay: one contract for these wallets in these currencies; Wave: Wave in its countries. */
export const CINETPAY_WALLETS = ['orange_money', 'mtn_momo', 'moov_money', 'wave']
export const CINETPAY_CURRENCIES = ['XOF', 'XAF', 'GNF', 'CDF']
export const WAVE_COUNTRIES = ['SN', 'CI']

export type ConfiguredProviders = {
  cinetpay: boolean
  /** Country codes with a Wave key. */
  waveCountries: readonly string[]
}

export type OfferedWallet = { wallet: string; provider: PaymentProvider }

/**
 * The wallets a country offers: those it lists that a configured provider takes, Wave directly
 * first where the country has a Wave key, CinetPay otherwise. None: no mobile money.
 */
export function offeredWallets(
  country: { code: string; currency: string; mobileMoneyProviders: readonly string[] },
  configured: ConfiguredProviders,
): OfferedWallet[] {
  const offered: OfferedWallet[] = []
  for (const wallet of country.mobileMoneyProviders) {
    const key = walletKey(wallet)
    if (!key) continue
    if (key === 'wave' && configured.waveCountries.includes(country.code) && country.currency === 'XOF')
      offered.push({ wallet, provider: 'wave' })
    else if (
      configured.cinetpay &&
      CINETPAY_WALLETS.includes(key) &&
      CINETPAY_CURRENCIES.includes(country.currency)
    )
      offered.push({ wallet, provider: 'cinetpay' })
  }
  return offered
}

/**
 * What a provider is asked for an order's total: whole francs; CinetPay needs a multiple of 5,
 * so the total rounded down to one (the difference is shown as a rounding line, the shop gives it).
 */
export function amountToAsk(provider: PaymentProvider, total: number) {
  const amount = provider === 'cinetpay' ? Math.floor(total / 5) * 5 : total
  return { amount, rounding: total - amount }
}

/** The reconciliation worker's next question after `checks` questions: soon, then less often. */
export function nextCheckDelayMs(checks: number) {
  const steps = [10_000, 20_000, 30_000, 60_000, 120_000, 300_000]
  return steps[Math.min(checks, steps.length - 1)]!
}

/** How long an attempt stays open before it is given up (Wave's sessions last 30 minutes). */
export const ATTEMPT_TTL_MS = 30 * 60_000

/**
 * How long the worker keeps asking about an attempt after it expired: money a provider took late
 * (and never notified) still reaches its order.
 */
export const WATCH_AFTER_EXPIRY_MS = 48 * 3_600_000

/**
 * When the worker asks next about an attempt (`now`, its `expiresAt`, the questions already
 * asked): soon and then less often while it is open, never past its expiry; after it, at
 * lengthening intervals (half the time since expiry, 5 minutes to 6 hours) for 48 hours; then
 * never (null).
 */
export function nextCheckAt(now: number, expiresAt: number, checks: number): number | null {
  if (now < expiresAt) return Math.min(now + nextCheckDelayMs(checks), expiresAt)
  const since = now - expiresAt
  if (since >= WATCH_AFTER_EXPIRY_MS) return null
  const gap = Math.min(Math.max(since / 2, 5 * 60_000), 6 * 3_600_000)
  return Math.min(now + gap, expiresAt + WATCH_AFTER_EXPIRY_MS)
}

/** The least a provider takes in one payment (CinetPay's documented minimum: 100 F). */
export const providerMinimum: Record<PaymentProvider, number> = { cinetpay: 100, wave: 1 }

/**
 * What money received on an attempt does to its order (docs/rules/money.md#payments): the order is
 * paid once what it received covers what it owed as asked (`amountToAsk`: CinetPay's multiple of
 * 5 below it, the shop giving the rounding); less leaves it owing the difference; more than it
 * owed is an excess to give back (all of it when it owed nothing).
 */
export function receiveOnOrder(
  provider: PaymentProvider,
  order: { totalAmount: number; amountPaid: number },
  received: number,
) {
  const owed = Math.max(0, order.totalAmount - order.amountPaid)
  if (owed === 0) return { amountPaid: order.amountPaid, covered: true, excess: received }
  if (received >= amountToAsk(provider, owed).amount)
    return { amountPaid: order.totalAmount, covered: true, excess: Math.max(0, received - owed) }
  return { amountPaid: order.amountPaid + received, covered: false, excess: 0 }
}

/**
 * An order that received money and gets a new total (weighed again): it owes the difference when
 * the total rose past what it received, and the excess is to be given back when it fell below.
 */
export function rebindToTotal(order: { totalAmount: number; amountPaid: number }) {
  if (order.amountPaid > order.totalAmount)
    return { amountPaid: order.totalAmount, covered: true, excess: order.amountPaid - order.totalAmount }
  return { amountPaid: order.amountPaid, covered: order.amountPaid >= order.totalAmount, excess: 0 }
}

/**
 * How often a waiting page (the client's after paying, the driver's door card) asks after a
 * payment, `elapsedMs` after it started waiting: every 3 s for the first 30 s (most wallets
 * answer then), 5 s up to 2 minutes, 10 s up to 10 minutes, then every 30 s.
 */
export function waitingPollDelayMs(elapsedMs: number) {
  if (elapsedMs < 30_000) return 3_000
  if (elapsedMs < 120_000) return 5_000
  if (elapsedMs < 600_000) return 10_000
  return 30_000
}
