/** docs/rules/confirmation.md#refused-at-the-door: the reasons a driver chooses from. */
export const refusalReasons = {
  absent: 'Client absent ou injoignable',
  refused: 'Le client a refusé la commande',
  no_money: 'Le client n’avait pas l’argent',
  other: 'Autre raison',
} as const
export type RefusalReason = keyof typeof refusalReasons
export const refusalReasonKeys = Object.keys(refusalReasons) as [RefusalReason, ...RefusalReason[]]
export const REFUSAL_REASON_REQUIRED = 'Choisissez la raison du refus.'
