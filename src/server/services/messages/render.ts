import type { MessageKind } from '@/shared/domain/messages'
import { atAddress } from '@/shared/contact-links'
import { formatMoney, formatQuantity } from '@/shared/format'
import { lineName } from '@/shared/domain/preparations'
import { stillOwed } from '@/shared/domain/payable'
import type { OrderAnswer } from '../orders/orders'
import {
  cancelledMoneyText,
  paymentReceivedMail,
  refundedMail,
  weighedPayNow,
  type MoneyFacts,
} from './render-money'
import { pickupMail } from './render-pickup'

/** What an event knew when it wrote its message (the outbox row's `facts`). */
export type MessageFacts = MoneyFacts & {
  /** out_for_delivery: the driver's first name and phone at that moment. */
  driverFirstName?: string
  driverPhone?: string | null
  /** delivered: the points the order earned. */
  pointsEarned?: number
  /** order_weighed: the total before and after the weigh-in. */
  totalBefore?: number
  totalAfter?: number
  /** cancelled: why, as staff wrote it for the client. */
  cancelReason?: string
  /** A pickup's "prête": its collection code (docs/rules/pickup.md#messages). */
  pickupCode?: string | null
}

type Rendered = { subject: string; text: string }

export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name

function lines(order: OrderAnswer): string {
  return order.items
    .map((i) => {
      const weighed =
        i.weighedQuantity != null && i.weighedQuantity !== i.quantity
          ? `commandé ${formatQuantity(i.quantity, i.unitType)} — pesé ${formatQuantity(i.weighedQuantity, i.unitType)}`
          : formatQuantity(i.weighedQuantity ?? i.quantity, i.unitType)
      // docs/rules/orders.md#preparations: the line's preparation, as the order keeps it.
      return `- ${lineName(i)} : ${weighed} — ${formatMoney(i.totalPrice)}`
    })
    .join('\n')
}

function amounts(order: OrderAnswer): string {
  const out = [`Sous-total : ${formatMoney(order.subtotalAmount)}`]
  if (order.discountAmount > 0) out.push(`Remise : −${formatMoney(order.discountAmount)}`)
  // docs/rules/commerce.md#coupons
  if (order.couponDiscount > 0)
    out.push(`Code promo ${order.couponCode ?? ''} : −${formatMoney(order.couponDiscount)}`)
  if (order.pointsDiscountAmount > 0)
    out.push(`Points utilisés : −${formatMoney(order.pointsDiscountAmount)}`)
  out.push(
    order.fulfilment === 'pickup'
      ? 'Retrait à la boutique : sans frais'
      : order.deliveryFeeAmount > 0
        ? `Livraison : ${formatMoney(order.deliveryFeeAmount)}`
        : 'Livraison : offerte',
  )
  out.push(`Total : ${formatMoney(order.totalAmount)}`)
  return out.join('\n')
}

/**
 * docs/rules/people.md#delivery-addresses: the landmark the client gave ("en face de la
 * pharmacie"), on a line of its own under the address; nothing for an order without one.
 */
const landmark = (order: OrderAnswer) =>
  order.deliveryLandmark?.trim() ? `Repère : ${order.deliveryLandmark.trim()}\n` : ''

const signature = '\n\nMerci de votre confiance,\nL’équipe Étal'

/**
 * The French e-mail of each message (docs/rules/orders.md#messages), from the order as it is when the
 * message is sent and the facts its event kept.
 */
/**
 * What the client pays at the door, as the "en route" e-mail says it (docs/rules/money.md#partly-paid):
 * nothing when the order is paid, the rest when part was received, else the total.
 */
function doorAmount(order: OrderAnswer) {
  const owed = stillOwed(order)
  if (owed === 0)
    return order.paymentMethod === 'mobile_money'
      ? 'Commande payée par mobile money : rien à régler à la livraison.'
      : 'Commande déjà payée : rien à régler à la livraison.'
  if (order.amountPaid > 0)
    return `Montant à régler à la livraison : ${formatMoney(owed)} (déjà reçu : ${formatMoney(order.amountPaid)}).`
  return `Montant à régler à la livraison : ${formatMoney(owed)}.`
}

export function renderMessage(kind: MessageKind, order: OrderAnswer, facts: MessageFacts): Rendered {
  const hello = `Bonjour ${firstName(order.customer.name)},\n\n`
  const n = `n° ${order.id}`
  // docs/rules/pickup.md#messages: "prête" and "retirée" for an order collected at a shop.
  const pickup = order.fulfilment === 'pickup' ? pickupMail(kind, order, facts, hello, signature) : null
  if (pickup) return pickup
  switch (kind) {
    case 'order_received':
      return {
        subject: `Étal : commande ${n} reçue`,
        text:
          `${hello}Nous avons bien reçu votre commande ${n}.\n\n${lines(order)}\n\n${amounts(order)}\n\n` +
          // docs/rules/pickup.md#messages: a pickup says its shop and its code's message to come.
          (order.fulfilment === 'pickup'
            ? `Retrait à la boutique ${order.zoneName} : ${order.deliveryAddress}, ${order.cityName}.\n`
            : `Livraison : ${order.deliveryAddress}, ${order.zoneName}, ${order.cityName}.\n` +
              landmark(order)) +
          `Les produits au kilo sont pesés à la préparation : le montant final peut varier légèrement.\n` +
          (order.fulfilment === 'pickup'
            ? `Nous vous écrirons quand votre commande sera prête, avec votre code de retrait.${signature}`
            : `Nous vous écrirons quand votre commande partira en livraison.${signature}`),
      }
    case 'order_weighed': {
      // docs/rules/orders.md#messages: the order's page, absolute; "payez maintenant" when it is owed.
      const page = facts.orderLink
        ? `la page de votre commande : ${facts.orderLink}`
        : 'la page de votre commande'
      const pay = weighedPayNow(order)
      return {
        subject: `Étal : commande ${n} pesée, nouveau montant`,
        text:
          `${hello}Votre commande ${n} a été pesée.\n\n${lines(order)}\n\n` +
          (facts.totalBefore != null ? `Montant à la commande : ${formatMoney(facts.totalBefore)}\n` : '') +
          `Montant après pesée : ${formatMoney(facts.totalAfter ?? order.totalAmount)}\n\n${amounts(order)}` +
          // docs/rules/money.md#payments: weighed, an order chosen for mobile money is paid now.
          (pay
            ? `\n\nPayez maintenant ${formatMoney(pay.owed)} par mobile money sur ${page}` +
              (pay.needsAgreement ? '\nEn payant, vous acceptez le nouveau montant.' : '')
            : order.weighApproval === 'awaiting'
              ? `\n\nLe nouveau montant dépasse la marge prévue : acceptez-le ou refusez-le sur ${page}`
              : `\n\nVotre commande : ${facts.orderLink ?? 'sur votre compte, « Mes commandes »'}`) +
          signature,
      }
    }
    case 'out_for_delivery': {
      const driver = facts.driverFirstName
        ? `Votre livreur, ${facts.driverFirstName}${facts.driverPhone ? ` (${facts.driverPhone})` : ''}, est en route.`
        : 'Votre livreur est en route.'
      return {
        subject: `Étal : commande ${n} en route`,
        text:
          `${hello}Votre commande ${n} est partie en livraison. ${driver}\n` +
          `Il vous appellera avant d’arriver ${atAddress(order.deliveryAddress)}.\n` +
          landmark(order) +
          '\n' +
          doorAmount(order) +
          signature,
      }
    }
    case 'delivered': {
      const points = facts.pointsEarned ?? order.pointsEarned
      return {
        subject: `Étal : commande ${n} livrée`,
        text:
          `${hello}Votre commande ${n} a été livrée. Bon appétit !\n\n` +
          (points > 0
            ? `Vous avez gagné ${points} point${points > 1 ? 's' : ''} de fidélité.`
            : 'Cette commande ne vous a pas rapporté de points de fidélité.') +
          (stillOwed(order) > 0
            ? `\nReste à régler : ${formatMoney(stillOwed(order))} (déjà reçu : ${formatMoney(order.amountPaid)}). Nous vous recontacterons pour le reste.`
            : '') +
          signature,
      }
    }
    case 'cancelled':
      return {
        subject: `Étal : commande ${n} annulée`,
        text:
          `${hello}Votre commande ${n} a été annulée.` +
          (facts.cancelReason ? `\nRaison de l’annulation : ${facts.cancelReason}` : '') +
          // docs/rules/money-told.md#refunds-told: what happens to the money, as it is now.
          `\n\n${cancelledMoneyText(order)}` +
          (order.pointsUsed > 0 ? `\nLes ${order.pointsUsed} points utilisés vous ont été rendus.` : '') +
          `\n\nPour toute question, répondez à ce message ou contactez-nous depuis la page Contact.${signature}`,
      }
    case 'payment_received': {
      const mail = paymentReceivedMail(order, facts)
      return { subject: mail.subject, text: `${hello}${mail.text}${signature}` }
    }
    case 'refunded': {
      const mail = refundedMail(order, facts)
      return { subject: mail.subject, text: `${hello}${mail.text}${signature}` }
    }
    default:
      // Account messages (a password reset) are no order's: account-messages.ts writes them.
      throw new Error(`no order e-mail for ${kind}`)
  }
}
