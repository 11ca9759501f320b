/**
 * Gift vouchers (docs/rules/gift-vouchers.md, decision 0078): bought by mobile money for someone,
 * added to the store credit of whoever types its code.
 */
export const VOUCHER_MIN = 5_000
export const VOUCHER_MAX = 200_000
/** Amounts in whole hundreds of francs. */
export const VOUCHER_STEP = 100
export const VOUCHER_MESSAGE_MAX = 140
export const VOUCHER_NAME_MAX = 40

/** The code's alphabet: no 0/O, 1/I/L, 5/S, 2/Z, 8/B (read aloud or typed from an SMS). */
export const VOUCHER_ALPHABET = '3467ACDEFGHJKMNPQRTUVWXY'
/** 12 letters of 24: about 55 bits, never guessed in the few tries allowed. */
export const VOUCHER_CODE_LENGTH = 12

/** The code as typed: spaces, dashes and case ignored. */
export const normaliseVoucherCode = (raw: string) => raw.toUpperCase().replace(/[\s-]/g, '')

/** The code as shown and sent: groups of four ("ACDE-FGHJ-KMNP"). */
export const showVoucherCode = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code

export const voucherStatuses = ['pending', 'paid', 'redeemed', 'cancelled'] as const
export type VoucherStatus = (typeof voucherStatuses)[number]
export const voucherStatusLabels: Record<VoucherStatus, string> = {
  pending: 'En attente du paiement',
  paid: 'Envoyé',
  redeemed: 'Utilisé',
  cancelled: 'Annulé',
}

/** Why an amount is refused, or null. */
export function voucherAmountRefusal(amount: number): string | null {
  if (
    !Number.isInteger(amount) ||
    amount < VOUCHER_MIN ||
    amount > VOUCHER_MAX ||
    amount % VOUCHER_STEP !== 0
  )
    return 'Le montant d’un bon cadeau va de 5 000 F à 200 000 F, par centaines de francs.'
  return null
}
