/**
 * What a movement of store credit is (docs/rules/store-credit.md#the-ledger):
 * - refund: + a cancelled order's payment given back as credit, at the client's choice;
 * - grant: + or − staff's grant or withdrawal, with its reason;
 * - voucher: + a gift voucher added by the person it was for;
 * - spent: − spent at checkout on an order;
 * - returned: + an order's credit given back (cancelled, or a lower weighed total).
 */
export const creditKinds = ['refund', 'grant', 'voucher', 'spent', 'returned'] as const
export type CreditKind = (typeof creditKinds)[number]

/** How a movement reads in a history. */
export const creditKindLabels: Record<CreditKind, string> = {
  refund: 'Remboursement',
  grant: 'Geste de la boutique',
  voucher: 'Bon cadeau',
  spent: 'Utilisé',
  returned: 'Rendu',
}
