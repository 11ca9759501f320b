import { REFUND_TO_DO_LABEL } from '@/shared/domain/payments'

/** What each payment event type says, in French (an unknown type shows as it is). */
export const paymentEventLabels: Record<string, string> = {
  method_changed: 'Mode de paiement changé',
  attempt_created: 'Paiement demandé',
  paid: 'Payé',
  partly_received: 'Reçu en partie',
  failed: 'Échoué',
  expired: 'Expiré',
  amount_mismatch: 'Montant différent',
  total_changed: 'Total changé',
  provider_unavailable: 'Prestataire indisponible',
  provider_key_refused: 'Clé refusée par le prestataire',
  refund_requested: 'Remboursement demandé',
  refund_to_do: REFUND_TO_DO_LABEL,
  excess_unassigned: 'Trop-perçu à rendre à la main',
  refunded: 'Remboursé',
  refund_done: 'Remboursement enregistré',
}
