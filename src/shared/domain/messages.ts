/**
 * The messages the shop sends a client about its order (docs/rules/orders.md#messages), and the states
 * of one in the outbox: waiting (to send, or to try again), sent, failed (given up, with the
 * reason), not sent (no SMTP server configured: the outbox keeps what would have been sent).
 */
export const messageKinds = [
  'order_received',
  'order_weighed',
  'out_for_delivery',
  'delivered',
  'cancelled',
  // docs/rules/money.md#payments: a mobile money payment received; money given back.
  'payment_received',
  'refunded',
  // About the account, not an order (docs/rules/people.md#accounts).
  'password_reset_link',
  'password_reset_code',
  'password_changed',
  // docs/rules/campaigns-operations.md#cancelling: a reservation cancelled by staff, its refund.
  'campaign_cancelled',
  'campaign_refunded',
  // A campaign's reservation (docs/rules/campaigns-messages.md).
  'campaign_booked',
  'campaign_recipient',
  'campaign_reminder',
  'campaign_link',
  // docs/rules/confirmation.md#confirmation: the link that confirms an order waiting for its client.
  'order_confirm_link',
  // A gift voucher paid (docs/rules/gift-vouchers.md#messages): its code to the recipient, the buyer told.
  'voucher_gift',
  'voucher_sent',
] as const
export type MessageKind = (typeof messageKinds)[number]

export const messageStates = ['waiting', 'sent', 'failed', 'not_sent'] as const
export type MessageState = (typeof messageStates)[number]

export const messageKindLabels: Record<MessageKind, string> = {
  order_received: 'Commande reçue',
  order_weighed: 'Montant après pesée',
  out_for_delivery: 'En route',
  delivered: 'Livrée',
  cancelled: 'Annulée',
  payment_received: 'Paiement reçu',
  refunded: 'Remboursé',
  password_reset_link: 'Lien de nouveau mot de passe',
  password_reset_code: 'Code de nouveau mot de passe',
  password_changed: 'Mot de passe changé',
  campaign_cancelled: 'Réservation annulée',
  campaign_refunded: 'Réservation remboursée',
  campaign_booked: 'Réservation confirmée',
  campaign_recipient: 'Animal réservé pour vous',
  campaign_reminder: 'Rappel du solde',
  campaign_link: 'Lien de paiement',
  order_confirm_link: 'Lien de confirmation',
  voucher_gift: 'Bon cadeau reçu',
  voucher_sent: 'Bon cadeau envoyé',
}

/** The two ways a message goes out (decision 0048). */
export const messageChannels = ['email', 'sms'] as const
export type MessageChannel = (typeof messageChannels)[number]
export const messageChannelLabels: Record<MessageChannel, string> = { email: 'E-mail', sms: 'SMS' }

export const messageStateLabels: Record<MessageState, string> = {
  waiting: 'En attente',
  sent: 'Envoyé',
  failed: 'Échec',
  not_sent: 'Non envoyé',
}
