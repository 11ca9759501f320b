import type { MessageKind } from '@/shared/domain/messages'
import { stillOwed } from '@/shared/domain/payable'
import { formatMoney } from '@/shared/format'
import type { OrderAnswer } from '../orders/orders'

/*
 * The messages of an order collected at a shop (docs/rules/pickup.md#messages): the "en route"
 * and "livrée" of a delivery become "prête" (with the collection code, the shop and what to pay
 * at the counter) and "retirée". The code comes from the message's facts, written by the change
 * of status: no order answer carries it.
 */

export type PickupFacts = { pickupCode?: string | null; pointsEarned?: number }

const counterAmount = (order: OrderAnswer) => {
  const owed = stillOwed(order)
  return owed === 0
    ? 'Commande déjà payée : rien à régler au retrait.'
    : `Montant à régler au retrait : ${formatMoney(owed)} (espèces ou mobile money).`
}

/** The e-mail, or null when the kind reads the same for a pickup. */
export function pickupMail(
  kind: MessageKind,
  order: OrderAnswer,
  facts: PickupFacts,
  hello: string,
  signature: string,
): { subject: string; text: string } | null {
  const n = `n° ${order.id}`
  if (kind === 'out_for_delivery')
    return {
      subject: `Étal : commande ${n} prête à retirer`,
      text:
        `${hello}Votre commande ${n} est prête. Retirez-la à la boutique ${order.zoneName}, ${order.deliveryAddress}, ${order.cityName}.\n\n` +
        `Votre code de retrait : ${facts.pickupCode ?? '(voir la page de votre commande)'}\n` +
        'Donnez ce code à la boutique : elle ne remet la commande qu’avec lui.\n\n' +
        counterAmount(order) +
        signature,
    }
  if (kind === 'delivered') {
    const points = facts.pointsEarned ?? order.pointsEarned
    return {
      subject: `Étal : commande ${n} retirée`,
      text:
        `${hello}Votre commande ${n} a été retirée à la boutique. Bon appétit !\n\n` +
        (points > 0
          ? `Vous avez gagné ${points} point${points > 1 ? 's' : ''} de fidélité.`
          : 'Cette commande ne vous a pas rapporté de points de fidélité.') +
        signature,
    }
  }
  return null
}

/** The SMS (plain GSM-7 words, one segment), or null when the kind reads the same for a pickup. */
export function pickupSms(
  kind: MessageKind,
  order: OrderAnswer,
  facts: PickupFacts,
  stop: string,
): string | null {
  const n = order.id
  if (kind === 'out_for_delivery') {
    const owed = stillOwed(order)
    return (
      `Etal: commande ${n} prete a retirer. Code de retrait: ${facts.pickupCode ?? '-'}.` +
      (owed > 0 ? ` A regler: ${formatMoney(owed)}.` : ' Deja payee.') +
      ` ${stop}`
    )
  }
  if (kind === 'delivered') return `Etal: commande ${n} retiree. Bon appetit ! ${stop}`
  return null
}
