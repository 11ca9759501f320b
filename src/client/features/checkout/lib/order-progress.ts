import type { OrderStatus, PaymentStatus } from '@/shared/domain/order-status'
import { payNow } from '@/shared/domain/payable'
import type { PaymentMethod } from '@/shared/domain/payments'
import { amountOwed } from '@/shared/domain/status-effects'
import type { WeighApproval } from '@/shared/domain/weighin'
import { formatMoney } from '@/shared/format'
import { cancelledMoneyLines, clientPaymentLabel, type RefundPart } from '@/shared/domain/refunds'

/**
 * The first step of an order in preparation, from its weigh-in (docs/rules/orders.md#weigh-in): what
 * the butchers are doing, or what waits for the client.
 */
function preparationStep(o: { orderedTotalAmount: number | null; weighApproval: WeighApproval | null }) {
  switch (o.weighApproval) {
    case 'awaiting':
      return 'Votre commande a été pesée : le nouveau montant attend votre accord, ci-dessus.'
    case 'refused':
      return 'Vous avez refusé le montant pesé : nous vous contactons pour la suite (nouvelle pesée ou annulation).'
    case 'accepted':
      return 'Vous avez accepté le montant pesé : votre commande partira bientôt en livraison.'
    default:
      return o.orderedTotalAmount != null
        ? 'Votre commande est pesée et prête : elle partira bientôt en livraison.'
        : 'Nos bouchers préparent votre commande.'
  }
}

/**
 * How the client pays (docs/rules/money.md#payments): cash at the door, or mobile money, paid
 * already, now (pieces, or weighed and agreed) or once the kg lines are weighed and agreed.
 */
function paymentOf(o: {
  fulfilment?: string
  status: OrderStatus
  paymentStatus: PaymentStatus
  paymentMethod: PaymentMethod
  weighApproval: WeighApproval | null
  items: { unitType: string; weighedQuantity: number | null }[]
}) {
  // docs/rules/pickup.md#hand-over: a pickup is paid at the counter, cash or mobile money by QR.
  if (o.fulfilment === 'pickup' && o.paymentMethod !== 'mobile_money')
    return {
      totalLabel: 'Total à payer au retrait',
      atTheDoor: 'À la boutique, donnez votre code de retrait et payez en espèces ou par mobile money.',
      before: null,
    }
  if (o.fulfilment === 'pickup' && o.paymentStatus === 'paid')
    return {
      totalLabel: 'Total payé par mobile money',
      atTheDoor: 'À la boutique, donnez votre code de retrait : c’est payé, rien à régler.',
      before: null,
    }
  if (o.paymentMethod !== 'mobile_money')
    return {
      totalLabel: 'Total à payer à la livraison',
      atTheDoor: "Le livreur vous appelle avant d'arriver ; vous payez à la livraison.",
      before: null,
    }
  if (o.paymentStatus === 'paid')
    return {
      totalLabel: 'Total payé par mobile money',
      atTheDoor: "Le livreur vous appelle avant d'arriver ; c’est payé, il n’aura rien à vous demander.",
      before: null,
    }
  const { open } = payNow(o)
  return {
    totalLabel: 'Total à payer par mobile money',
    atTheDoor:
      "Le livreur vous appelle avant d'arriver ; vous aurez déjà payé, il n’aura rien à vous demander.",
    before: open
      ? 'Payez-la maintenant par mobile money, ci-dessus : elle part en livraison une fois payée.'
      : 'Une fois vos articles au kilo pesés (et le montant accepté), vous la payez par mobile money sur cette page : elle part en livraison une fois payée.',
  }
}

/**
 * What the page says of an order, from its real state (status, weigh-in, cancellation, payment):
 * the total's label, the points' note and the 'what happens next' card. A cancelled or delivered
 * order is not spoken of as a new one, nor a refused weighing as a preparation under way, nor an
 * order chosen for mobile money as paid at the door.
 */
export function progressOf(o: {
  fulfilment?: string
  status: OrderStatus
  pointsEarned: number
  pointsUsed: number
  paymentStatus: PaymentStatus
  paymentMethod: PaymentMethod
  orderedTotalAmount: number | null
  weighApproval: WeighApproval | null
  cancelReason: string | null
  totalAmount: number
  amountPaid: number
  items: { unitType: string; weighedQuantity: number | null }[]
  refunds: readonly RefundPart[]
}) {
  const pay = paymentOf(o)
  const pickup = o.fulfilment === 'pickup'
  const credited = pickup ? ' (crédités au retrait)' : ' (crédités à la livraison)'
  const upcoming = (first: string) => [
    first,
    ...(pay.before ? [pay.before] : []),
    pickup
      ? 'Vous êtes prévenu quand elle est prête à retirer, avec votre code.'
      : 'Vous êtes prévenu quand elle part en livraison.',
    pay.atTheDoor,
  ]
  if (pickup && o.status === 'in_delivery')
    return {
      totalLabel: pay.totalLabel,
      pointsNote: credited,
      title: 'Et maintenant ?',
      steps: ['Votre commande est prête : retirez-la à la boutique.', pay.atTheDoor],
    }
  if (pickup && o.status === 'delivered' && o.paymentStatus === 'paid')
    return {
      totalLabel: 'Total payé',
      pointsNote: ' (crédités sur votre compte)',
      title: 'Commande retirée',
      steps: ['Votre commande a été retirée et payée. Merci de votre confiance !'],
    }
  switch (o.status) {
    case 'pending':
      return {
        totalLabel: pay.totalLabel,
        pointsNote: credited,
        title: 'Et maintenant ?',
        steps: upcoming('Nous avons reçu votre commande ; nos bouchers vont la préparer.'),
      }
    case 'in_preparation':
      return {
        totalLabel: pay.totalLabel,
        pointsNote: credited,
        title: 'Et maintenant ?',
        steps: upcoming(preparationStep(o)),
      }
    case 'in_delivery':
      return {
        totalLabel: pay.totalLabel,
        pointsNote: credited,
        title: 'Et maintenant ?',
        steps: ['Votre commande est en route.', ...(pay.before ? [pay.before] : []), pay.atTheDoor],
      }
    case 'delivered':
      // docs/rules/money.md#partly-paid: less than the total was paid at the door; the rest is owed.
      if (o.paymentStatus === 'partly_paid')
        return {
          totalLabel: 'Total',
          pointsNote: ' (sur ce que vous avez payé ; le reste à son paiement)',
          title: 'Commande livrée',
          steps: [
            `Votre commande a été livrée. Vous avez payé ${formatMoney(o.amountPaid)} : il reste ${formatMoney(
              amountOwed(o),
            )} à payer, au livreur ou à la boutique.`,
          ],
        }
      return {
        totalLabel: 'Total payé',
        pointsNote: ' (crédités sur votre compte)',
        title: 'Commande livrée',
        steps: ['Votre commande a été livrée et payée. Merci de votre confiance !'],
      }
    case 'cancelled':
      return {
        // docs/rules/money-told.md#refunds-told: "remboursée" only once the money has moved.
        totalLabel:
          o.paymentStatus === 'refunded'
            ? `Total (${clientPaymentLabel(o).toLowerCase()})`
            : 'Total (rien à payer)',
        pointsNote: ' (aucun point pour une commande annulée)',
        title: 'Commande annulée',
        steps: [
          'Cette commande a été annulée.',
          ...cancelledMoneyLines(o),
          ...(o.cancelReason ? [`Raison de l’annulation : ${o.cancelReason}`] : []),
          ...(o.pointsUsed > 0 ? ['Les points utilisés vous ont été rendus.'] : []),
        ],
      }
  }
}
