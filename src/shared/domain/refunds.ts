import { formatDate, formatMoney } from '../format'
import type { OrderStatus, PaymentStatus } from './order-status'
import { paymentStatusLabels } from './order-status'
import type { PaymentProvider, RefundStatus } from './payments'

/**
 * docs/rules/money-told.md#refunds-told: what an order has to give back to its client, and what it
 * has given back, as the client reads it (its order page, its receipt, the cancellation and
 * "remboursé" messages). Never "Remboursé" before the money has moved.
 *
 * - `provider`: given back by the provider's API (Wave), to the wallet it came from, at once;
 * - `shop`: given back by the shop, by hand, to the wallet it came from ("Remboursement à faire"
 *   for staff, until they record it done);
 * - `cash`: cash received for an order cancelled afterwards, given back in cash by the shop;
 * - `credit`: added to the client's store credit at once (docs/rules/store-credit.md): the credit
 *   the order spent, or a payment the client chose to take as credit.
 */
export type RefundWay = 'provider' | 'shop' | 'cash' | 'credit'
export type RefundPart = {
  amount: number
  way: RefundWay
  /** The wallet as the country lists it ("Orange Money"); null for cash or when unknown. */
  wallet: string | null
  done: boolean
  /** When it was given back (the provider's answer, or staff's record); null until then. */
  doneAt: Date | null
}

/** A paid attempt flagged to be given back, as the order's read finds it. */
export type AttemptRefund = {
  amount: number
  /** Null: the whole attempt; else the part to give back (an excess). */
  refundAmount: number | null
  provider: PaymentProvider
  wallet: string | null
  refundStatus: RefundStatus
  doneAt: Date | string | null
  /** Given back as store credit at the client's choice (docs/rules/store-credit.md#refund-to-credit). */
  toCredit?: boolean
}

/**
 * The order's refunds: each attempt flagged to be given back, then, for a cancelled order that
 * counted money no attempt brought (cash at the door), that cash.
 */
export function refundParts(o: {
  status: OrderStatus
  paymentStatus: PaymentStatus
  amountPaid: number
  /** Every franc paid attempts brought (refunded or not). */
  walletReceived: number
  /** The store credit the order spent (part of `amountPaid`), given back to credit when cancelled. */
  creditUsed?: number
  attempts: readonly AttemptRefund[]
}): RefundPart[] {
  const parts: RefundPart[] = o.attempts.map((a) => ({
    amount: a.refundAmount ?? a.amount,
    // Wave gives back a whole attempt by its API ('requested'); anything else is given by hand,
    // unless the client took it as store credit.
    way: a.toCredit
      ? 'credit'
      : a.refundStatus !== 'to_do' && a.refundAmount === null && a.provider === 'wave'
        ? 'provider'
        : 'shop',
    wallet: a.wallet,
    done: a.refundStatus === 'done',
    doneAt: a.refundStatus === 'done' && a.doneAt ? new Date(a.doneAt) : null,
  }))
  const credit = o.status === 'cancelled' ? (o.creditUsed ?? 0) : 0
  if (credit > 0) parts.push({ amount: credit, way: 'credit', wallet: null, done: true, doneAt: null })
  const cash =
    o.status === 'cancelled' && o.paymentStatus === 'refunded' ? o.amountPaid - o.walletReceived - credit : 0
  if (cash > 0) parts.push({ amount: cash, way: 'cash', wallet: null, done: false, doneAt: null })
  return parts
}

const waiting = (parts: readonly RefundPart[]) => parts.filter((p) => !p.done)

/**
 * The payment's label the client reads: a refunded order is "À rembourser" until every part is
 * given back; a cancelled order that received nothing waits for no payment ("Rien à payer", not
 * "En attente"); the other statuses keep their label.
 */
export function clientPaymentLabel(o: {
  status?: string
  paymentStatus: PaymentStatus
  refunds: readonly RefundPart[]
}) {
  if (o.status === 'cancelled' && o.paymentStatus === 'pending') return 'Rien à payer'
  if (o.paymentStatus !== 'refunded') return paymentStatusLabels[o.paymentStatus]
  return o.refunds.length > 0 && waiting(o.refunds).length === 0 ? 'Remboursé' : 'À rembourser'
}

const onWallet = (p: RefundPart) => (p.wallet ? `sur votre compte ${p.wallet}` : 'sur le compte qui a payé')

/** One part, in a sentence: what, how, when. */
export function refundSentence(p: RefundPart): string {
  const amount = formatMoney(p.amount)
  if (p.way === 'credit') return `${amount} ont été ajoutés à votre avoir, utilisable dès maintenant.`
  if (p.done)
    return p.way === 'cash'
      ? `${amount} vous ont été rendus en espèces.`
      : `${amount} vous ont été rendus ${onWallet(p)}${p.doneAt ? ` le ${formatDate(p.doneAt)}` : ''}.`
  switch (p.way) {
    case 'provider':
      return `${amount} vous seront rendus ${onWallet(p)} : le remboursement est demandé à ${p.wallet ?? 'votre opérateur'} automatiquement, dès maintenant. Nous vous écrirons dès qu’il sera fait.`
    case 'shop':
      return `${amount} vous seront rendus ${onWallet(p)} par la boutique, à la main. Nous vous écrirons le jour où ce sera fait.`
    case 'cash':
      return `${amount} payés en espèces vous seront rendus en espèces par la boutique, qui vous contactera pour cela.`
  }
}

/**
 * What a cancelled order says of its money (its page, its cancellation e-mail): each refund, or
 * that nothing was taken and nothing is owed.
 */
export function cancelledMoneyLines(o: { refunds: readonly RefundPart[] }): string[] {
  if (o.refunds.length === 0) return ['Rien ne vous a été débité : vous ne devez rien.']
  return o.refunds.map(refundSentence)
}
