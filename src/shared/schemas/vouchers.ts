import {
  VOUCHER_MAX,
  VOUCHER_MESSAGE_MAX,
  VOUCHER_MIN,
  VOUCHER_NAME_MAX,
  VOUCHER_STEP,
  voucherStatuses,
} from '../domain/vouchers'
import { id, limit, page, text } from './common'
import { attemptView } from './payments'
import { z } from './zod'

// Gift vouchers (docs/rules/gift-vouchers.md): buying one, its waiting page, using a code.

const AMOUNT_MESSAGE = 'Le montant d’un bon cadeau va de 5 000 F à 200 000 F, par centaines de francs.'

/** POST /_api/vouchers/buy. */
export const buyVoucherInput = z.strictObject({
  amount: z
    .number({ error: AMOUNT_MESSAGE })
    .int({ error: AMOUNT_MESSAGE })
    .min(VOUCHER_MIN, AMOUNT_MESSAGE)
    .max(VOUCHER_MAX, AMOUNT_MESSAGE)
    .multipleOf(VOUCHER_STEP, AMOUNT_MESSAGE),
  recipientName: text(VOUCHER_NAME_MAX).min(1, 'Indiquez le prénom de la personne à qui vous l’offrez.'),
  recipientPhone: text(30).min(1, 'Indiquez le numéro de téléphone de la personne à qui vous l’offrez.'),
  message: text(VOUCHER_MESSAGE_MAX).nullish(),
  wallet: text(50).min(1, 'Choisissez un portefeuille mobile money.'),
})
export type BuyVoucherInput = z.input<typeof buyVoucherInput>

export const voucherView = z.strictObject({
  id: z.number(),
  amount: z.number(),
  recipientName: z.string(),
  recipientPhone: z.string(),
  message: z.string().nullable(),
  status: z.enum(voucherStatuses),
  paidAt: z.string().nullable(),
  redeemedAt: z.string().nullable(),
  createdAt: z.string(),
})
export type VoucherView = z.infer<typeof voucherView>

export const buyVoucherAnswer = z.strictObject({ voucherId: z.number(), attempt: attemptView })

/** GET /_api/vouchers/one?id=: the buyer's voucher and its latest payment. */
export const voucherQuery = z.strictObject({ id: id('Bon cadeau invalide.') })
export const voucherStateAnswer = z.strictObject({ voucher: voucherView, attempt: attemptView.nullable() })

/** POST /_api/vouchers/redeem. */
export const redeemVoucherInput = z.strictObject({
  code: text(40).min(1, 'Saisissez le code du bon cadeau.'),
})
export const redeemVoucherAnswer = z.strictObject({
  amount: z.number(),
  balance: z.number(),
  from: z.string(),
  message: z.string(),
})

/**
 * GET /_api/admin/vouchers (docs/rules/gift-vouchers.md#staff): the country's vouchers, newest
 * first, searched by a name (the recipient's or the buyer's) or a phone, filtered by state.
 */
export const adminVouchersQuery = z.strictObject({
  search: text(40).optional(),
  status: z.enum(voucherStatuses, { error: 'État de bon cadeau inconnu.' }).optional(),
  page,
  limit: limit(100, 20),
})

/** A voucher as staff see it: never its code (only its hash is kept). */
export const adminVoucher = z.strictObject({
  id: z.number(),
  countryName: z.string(),
  amount: z.number(),
  status: z.enum(voucherStatuses),
  buyerName: z.string(),
  buyerPhone: z.string().nullable(),
  recipientName: z.string(),
  recipientPhone: z.string(),
  message: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  redeemedAt: z.string().nullable(),
  redeemedByName: z.string().nullable(),
  /** How many times staff sent its code again. */
  resends: z.number(),
})
export type AdminVoucher = z.infer<typeof adminVoucher>
export const adminVouchersAnswer = z.strictObject({ vouchers: z.array(adminVoucher), total: z.number() })

/** POST /_api/admin/vouchers/resend: a new code to the recipient's phone (corrected if need be). */
export const resendVoucherInput = z.strictObject({
  id: id('Bon cadeau invalide.'),
  recipientPhone: text(30).min(1, 'Indiquez le numéro de téléphone du bénéficiaire.'),
})
export type ResendVoucherInput = z.input<typeof resendVoucherInput>
export const resendVoucherAnswer = z.strictObject({ voucher: adminVoucher })
