import type { MessageKind } from '@/shared/domain/messages'
import { stillOwed } from '@/shared/domain/payable'
import { formatMoney } from '@/shared/format'
import type { OrderAnswer } from '../orders/orders'
import { firstName, type MessageFacts } from './render'
import { cancelledMoneySms, paymentReceivedSms, refundedSms, weighedPayNow } from './render-money'
import { SMS_SEGMENT, gsm7Length, toGsm7 } from './sms'
import { pickupSms } from './render-pickup'

/**
 * The SMS of each message (docs/rules/orders.md#messages, decision 0048): one 160-character GSM-7
 * segment, signed "Étal:" at its start (É is a GSM-7 letter), order messages ending with how to
 * stop them. What varies (a name, a reason) is shortened until the whole fits; French letters
 * GSM-7 lacks (ç, ê, ’…) are written as their nearest (toGsm7), so a text never falls back to
 * UCS-2 and its 70-character segments.
 */
export const SMS_STOP = 'STOP SMS: Mon compte'

const money = (amount: number) => formatMoney(amount)

/** `head + tail` in one segment: `cut` (the part that may shrink) shortened as needed. */
export function fit(build: (cut: string) => string, cut = ''): string {
  let part = toGsm7(cut)
  let text = toGsm7(build(part))
  while ((gsm7Length(text) ?? Infinity) > SMS_SEGMENT && part.length > 0) {
    part = part.length > 4 ? `${part.slice(0, part.length - 4).trimEnd()}...` : ''
    if (part === '...') part = ''
    text = toGsm7(build(part))
  }
  return text
}

export function renderOrderSms(kind: MessageKind, order: OrderAnswer, facts: MessageFacts): string {
  const n = order.id
  // docs/rules/pickup.md#messages
  const pickup = order.fulfilment === 'pickup' ? pickupSms(kind, order, facts, SMS_STOP) : null
  if (pickup) return toGsm7(pickup)
  switch (kind) {
    case 'order_received': {
      // docs/rules/orders.md#preparations: the preparations asked for, each whole (a name cut
      // mid-word says nothing), as many as fit after a shorter head; else that they are noted.
      const asked = order.items
        .filter((i) => i.preparationName)
        .map((i) => `${i.productName} ${i.preparationName!.toLowerCase()}`)
      if (asked.length === 0)
        return fit(
          () =>
            `Étal: votre commande ${n} est enregistrée (${money(order.totalAmount)}, montant final après pesée). ` +
            `Nous vous écrirons au départ du livreur. ${SMS_STOP}`,
        )
      const withPrepared = (prepared: string) =>
        toGsm7(
          `Étal: commande ${n} enregistrée (${money(order.totalAmount)}, total final après pesée). ` +
            `${prepared}. SMS au départ du livreur. ${SMS_STOP}`,
        )
      for (let k = asked.length; k > 0; k--) {
        const text = withPrepared(asked.slice(0, k).join(', ') + (k < asked.length ? ', ...' : ''))
        if ((gsm7Length(text) ?? Infinity) <= SMS_SEGMENT) return text
      }
      return withPrepared('Préparations notées')
    }
    case 'order_weighed':
      return weighedSms(order, facts)
    case 'out_for_delivery':
      return fit(
        (driver) =>
          `Étal: commande ${n} en route${driver ? ` avec ${driver}` : ''}` +
          (facts.driverPhone ? ` (${facts.driverPhone})` : '') +
          (stillOwed(order) > 0
            ? `. Montant à régler: ${money(stillOwed(order))}. ${SMS_STOP}`
            : `. Déjà payée, rien à régler. ${SMS_STOP}`),
        facts.driverFirstName ?? '',
      )
    case 'delivered': {
      const points = facts.pointsEarned ?? order.pointsEarned
      return fit(
        () =>
          `Étal: commande ${n} livrée. Bon appétit !` +
          (points > 0 ? ` +${points} point${points > 1 ? 's' : ''} de fidélité.` : '') +
          (stillOwed(order) > 0 ? ` Reste à régler: ${money(stillOwed(order))}.` : '') +
          ` ${SMS_STOP}`,
      )
    }
    case 'cancelled':
      return fit(
        (reason) =>
          // docs/rules/money-told.md#refunds-told: the money first; the reason takes what room is left.
          `Étal: commande ${n} annulée. ${cancelledMoneySms(order.refunds)}` +
          (order.pointsUsed > 0 ? ` ${order.pointsUsed} points rendus.` : '') +
          (reason ? ` Raison: ${reason}` : '') +
          ` ${SMS_STOP}`,
        facts.cancelReason ?? '',
      )
    case 'payment_received':
      return fit(() => `${paymentReceivedSms(order, facts)} ${SMS_STOP}`)
    case 'refunded':
      return fit(() => `${refundedSms(order, facts)} ${SMS_STOP}`)
    default:
      return fit(() => `Étal: ${firstName(order.customer.name)}, votre commande ${n} a changé. ${SMS_STOP}`)
  }
}

/**
 * The weigh-in's SMS (docs/rules/orders.md#messages): the new total, then what to do with the
 * order page's absolute link ("Payez maintenant" the amount owed, or accept or refuse it); the
 * longest text that fits one segment, the total before dropped first, the link kept.
 */
function weighedSms(order: OrderAnswer, facts: MessageFacts): string {
  const n = order.id
  const pay = weighedPayNow(order)
  const link = facts.orderLink ? ` ${facts.orderLink}` : ' sur la page de la commande'
  const newTotal = facts.totalAfter ?? order.totalAmount
  // The amount is said again only when it is not the new total (part was received).
  const todo = pay
    ? ` Payez maintenant${pay.owed === newTotal ? '' : ` ${money(pay.owed)}`}${pay.needsAgreement ? ' (vaut accord)' : ''}:${link}`
    : order.weighApproval === 'awaiting'
      ? ` Acceptez-le ou refusez-le:${link}`
      : facts.orderLink
        ? ` Voir:${link}`
        : ''
  const total = `Nouveau total: ${money(newTotal)}`
  const before = facts.totalBefore != null ? ` (avant: ${money(facts.totalBefore)})` : ''
  for (const text of [
    `Étal: commande ${n} pesée. ${total}${before}.${todo} ${SMS_STOP}`,
    `Étal: commande ${n} pesée. ${total}.${todo} ${SMS_STOP}`,
    `Étal: commande ${n} pesée: ${money(newTotal)}.${todo} ${SMS_STOP}`,
  ]) {
    const sms = toGsm7(text)
    if ((gsm7Length(sms) ?? Infinity) <= SMS_SEGMENT) return sms
  }
  // An origin too long for one segment: the link is on the e-mail and the account's orders.
  return fit(() => `Étal: commande ${n} pesée. ${total}. Voir la page de la commande. ${SMS_STOP}`)
}

/**
 * docs/rules/confirmation.md#confirmation: the SMS that asks the client to confirm its order paid at
 * the door, with its link (or `[masqué]`, as the outbox keeps it). Sent to the delivery phone
 * whatever the account chose, so it says nothing of how to stop messages. The longest text that
 * fits one segment; the link is kept even when no text does (an origin too long).
 */
export function confirmLinkSms(order: OrderAnswer, link: string): string {
  const n = order.id
  const total = money(order.totalAmount)
  const texts = [
    `Étal: merci pour votre commande ${n} (${total}). Confirmez-la pour que nous la préparions: ${link}`,
    `Étal: confirmez votre commande ${n} (${total}) pour que nous la préparions: ${link}`,
    `Étal: confirmez votre commande ${n} (${total}) avant sa préparation: ${link}`,
    `Étal: confirmez votre commande ${n} (${total}): ${link}`,
    `Étal: confirmez votre commande ${n}: ${link}`,
  ].map(toGsm7)
  return texts.find((t) => (gsm7Length(t) ?? Infinity) <= SMS_SEGMENT) ?? texts[texts.length - 1]!
}
