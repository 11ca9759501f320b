import { payNow, stillOwed } from '@/shared/domain/payable'
import { cancelledMoneyLines, type RefundPart, type RefundWay } from '@/shared/domain/refunds'
import { formatMoney } from '@/shared/format'
import type { OrderAnswer } from '../orders/orders'

/**
 * What the messages say of money (docs/rules/money-told.md#refunds-told, docs/rules/orders.md#messages):
 * the refunds of a cancelled order, a payment received, a refund made, and the weigh-in's "payez
 * maintenant". The e-mails' sentences here; the SMS' shorter ones beside them.
 */

/** What a money message's event knew (part of the outbox row's facts). */
export type MoneyFacts = {
  /** order_weighed: the absolute address of the client's order page (messageOrigin). */
  orderLink?: string
  /** payment_received, refunded: the amount received or given back. */
  amount?: number
  /** The wallet as the country lists it ("Orange Money"); null: unknown. */
  wallet?: string | null
  /** payment_received: what the order still owed once it was received. */
  rest?: number
  /** refunded: how, and the day in the order's country (DD/MM/YYYY). */
  refundWay?: RefundWay
  refundedOn?: string
}

const money = formatMoney

/** The client's order page, absolute, at `origin` (web/site-files.ts messageOrigin). */
export const orderPageLink = (origin: string, orderId: number) => `${origin}/order-confirmation/${orderId}`

/** The cancellation e-mail's paragraph on money: each refund (how, when), or nothing owed. */
export const cancelledMoneyText = (order: OrderAnswer) => cancelledMoneyLines(order).join('\n')

/** The same in an SMS: one short sentence. */
export function cancelledMoneySms(refunds: readonly RefundPart[]): string {
  if (refunds.length === 0) return "Rien n'a été débité, vous ne devez rien."
  const waiting = refunds.filter((p) => !p.done)
  if (waiting.length === 0)
    return refunds.length === 1
      ? refunds[0]!.way === 'credit'
        ? `${money(refunds[0]!.amount)} ont été ajoutés à votre avoir.`
        : `${money(refunds[0]!.amount)} vous ont été rendus${refunds[0]!.wallet ? ` sur ${refunds[0]!.wallet}` : ''}.`
      : `${money(sum(refunds))} vous ont été rendus.`
  if (waiting.length > 1)
    return `${money(sum(waiting))} à vous rendre, détail sur la page de la commande (SMS quand c'est fait).`
  const p = waiting[0]!
  const on = p.wallet ? ` sur ${p.wallet}` : ''
  switch (p.way) {
    case 'provider':
      return `${money(p.amount)} vous seront rendus${on} automatiquement (SMS quand c'est fait).`
    case 'shop':
      return `${money(p.amount)} vous seront rendus${on} par la boutique (SMS quand c'est fait).`
    case 'cash':
      return `${money(p.amount)} vous seront rendus en espèces par la boutique.`
    case 'credit':
      return `${money(p.amount)} ont été ajoutés à votre avoir.`
  }
}
const sum = (parts: readonly RefundPart[]) => parts.reduce((s, p) => s + p.amount, 0)

const by = (wallet: string | null | undefined) => wallet ?? 'mobile money'

/** The rest once a payment was received, and where it is paid. */
function restText(order: OrderAnswer, rest: number) {
  if (rest <= 0)
    return order.status === 'delivered'
      ? 'Votre commande est entièrement payée.'
      : 'Votre commande est entièrement payée : le livreur n’aura rien à vous demander.'
  return order.status === 'delivered'
    ? `Reste à payer : ${money(rest)}, au livreur ou à la boutique.`
    : `Reste à payer : ${money(rest)}, par mobile money sur la page de votre commande ou au livreur à la livraison.`
}

export function paymentReceivedMail(order: OrderAnswer, facts: MoneyFacts) {
  const amount = facts.amount ?? order.amountPaid
  return {
    subject: `Étal : paiement reçu pour la commande n° ${order.id}`,
    text:
      `Nous avons bien reçu votre paiement de ${money(amount)} par ${by(facts.wallet)} ` +
      `pour votre commande n° ${order.id}.\n${restText(order, facts.rest ?? stillOwed(order))}`,
  }
}

export function paymentReceivedSms(order: OrderAnswer, facts: MoneyFacts) {
  const rest = facts.rest ?? stillOwed(order)
  return (
    `Étal: paiement de ${money(facts.amount ?? order.amountPaid)} par ${by(facts.wallet)} reçu ` +
    `(commande ${order.id}).` +
    (rest > 0 ? ` Reste à payer: ${money(rest)}.` : ' Commande payée.')
  )
}

/** Where and how the money went back, in a few words. */
const wentTo = (facts: MoneyFacts) =>
  facts.refundWay === 'cash' ? 'en espèces' : `sur votre compte ${by(facts.wallet)}`

export function refundedMail(order: OrderAnswer, facts: MoneyFacts) {
  const how =
    facts.refundWay === 'provider'
      ? `Le remboursement a été fait automatiquement par ${by(facts.wallet)}.`
      : 'Le remboursement a été fait par la boutique.'
  return {
    subject: `Étal : commande n° ${order.id} remboursée`,
    text:
      `Nous vous avons rendu ${money(facts.amount ?? 0)} ${wentTo(facts)}` +
      `${facts.refundedOn ? ` le ${facts.refundedOn}` : ''}, pour votre commande n° ${order.id}.\n${how}`,
  }
}

export function refundedSms(order: OrderAnswer, facts: MoneyFacts) {
  return (
    `Étal: remboursé: ${money(facts.amount ?? 0)} ${wentTo(facts)}` +
    `${facts.refundedOn ? ` le ${facts.refundedOn}` : ''} (commande ${order.id}).`
  )
}

/**
 * docs/rules/orders.md#messages: the weighed order's page, and, for an order chosen for mobile
 * money that can be paid now and still owes, "payez maintenant" with the amount it owes.
 */
export function weighedPayNow(order: OrderAnswer) {
  const owed = stillOwed(order)
  const { open, needsAgreement } = payNow(order)
  return open && owed > 0 ? { owed, needsAgreement } : null
}
