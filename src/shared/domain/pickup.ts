import { orderStatusLabels, type OrderStatus } from './order-status'

/*
 * Collection at the shop (docs/rules/pickup.md, decision 0074): an order is delivered to an
 * address or collected at one of the country's shops. A pickup order goes through the same
 * statuses as a delivery; two of them read differently: `in_delivery` is "ready to collect"
 * and `delivered` is "collected".
 */

export const fulfilments = ['delivery', 'pickup'] as const
export type Fulfilment = (typeof fulfilments)[number]

export const fulfilmentLabels: Record<Fulfilment, string> = {
  delivery: 'Livraison',
  pickup: 'Retrait à la boutique',
}

/** How many wrong codes a pickup order takes before staff must reset it. */
export const PICKUP_CODE_ATTEMPTS = 5
/** The code: 4 digits. */
export const PICKUP_CODE_PATTERN = /^\d{4}$/

export const PICKUP_CODE_FORMAT = 'Le code de retrait s’écrit avec 4 chiffres.'
export const PICKUP_CODE_WRONG = (left: number) =>
  left > 0
    ? `Code de retrait incorrect : la commande n’a pas été remise. Encore ${left} essai${left > 1 ? 's' : ''}.`
    : 'Code de retrait incorrect : la commande n’a pas été remise. Trop d’essais : le code est bloqué jusqu’à sa réouverture par un responsable.'
export const PICKUP_CODE_LOCKED =
  'Trop de codes incorrects : le retrait de cette commande est bloqué. Un responsable doit le débloquer.'
export const PICKUP_NOT_READY = 'Seules les commandes prêtes peuvent être remises.'
export const PICKUP_NEEDS_CODE =
  'Une commande à retirer ne se remet qu’avec son code, depuis la page « À retirer ».'
export const PICKUP_NO_DRIVER = 'Une commande à retirer à la boutique n’a pas de livreur.'

const pickupStatusLabels: Partial<Record<OrderStatus, string>> = {
  in_delivery: 'Prête à retirer',
  delivered: 'Retirée',
}

/** The status as the order's client and staff read it: "Prête à retirer", "Retirée" for a pickup. */
export function statusLabelFor(status: OrderStatus, fulfilment: Fulfilment | null | undefined): string {
  return (fulfilment === 'pickup' && pickupStatusLabels[status]) || orderStatusLabels[status]
}
