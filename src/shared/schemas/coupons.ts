import { COUPON_CODE_PATTERN, couponKinds } from '../domain/coupons'
import { MAX_ORDER_AMOUNT } from '../domain/pricing'
import { id, limit, page, text } from './common'
import { z } from './zod'

/* Coupons as staff write them and the cart asks about them (docs/rules/commerce.md#coupons). */

export const COUPON_CODE_MESSAGE =
  'Le code promo doit faire 2 à 30 caractères : lettres, chiffres, tirets (sans espace).'

/** A code as typed: trimmed, compared without case. */
export const couponCodeInput = z
  .string({ error: COUPON_CODE_MESSAGE })
  .trim()
  .regex(COUPON_CODE_PATTERN, COUPON_CODE_MESSAGE)

const count = (message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(1_000_000, message)
const francs = (message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(MAX_ORDER_AMOUNT, message)
const DAY_MESSAGE = 'La date doit être au format AAAA-MM-JJ.'
const day = z
  .string({ error: DAY_MESSAGE })
  .regex(/^\d{4}-\d{2}-\d{2}$/, DAY_MESSAGE)
  .refine(
    (d) =>
      !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    DAY_MESSAGE,
  )

export const PERCENT_MESSAGE = 'Un pourcentage va de 1 à 100.'
export const VALUE_MESSAGE = 'La valeur doit être un nombre entier positif (pourcentage ou francs).'
export const DATES_MESSAGE = 'La date de fin doit suivre la date de début.'

/** The terms a coupon is created or changed with; left out or null: no such limit. */
const terms = {
  value: francs(VALUE_MESSAGE),
  maxUses: count('Le nombre maximal d’utilisations doit être un entier d’au moins 1.').nullish(),
  maxAmount: francs('Le budget en francs doit être un nombre entier d’au moins 1 F.').nullish(),
  perClient: count('La limite par client doit être un entier d’au moins 1.').nullish(),
  minOrder: francs('La commande minimum doit être un nombre entier de francs.').nullish(),
  validFrom: day.nullish(),
  validTo: day.nullish(),
  firstOrderOnly: z.boolean({ error: 'Première commande : oui ou non.' }).optional(),
}

type Dated = { validFrom?: string | null; validTo?: string | null }
const datesInOrder = (v: Dated, ctx: z.RefinementCtx) => {
  if (v.validFrom && v.validTo && v.validTo < v.validFrom)
    ctx.addIssue({ code: 'custom', path: ['validTo'], message: DATES_MESSAGE })
}

export const createCouponInput = z
  .strictObject({
    /** Root names the country; staff create in their own (another: 404). */
    countryId: id('Le pays est invalide.').optional(),
    code: couponCodeInput,
    kind: z.enum(couponKinds, { error: 'Le type doit être « percent » ou « amount ».' }),
    ...terms,
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'percent' && v.value > 100)
      ctx.addIssue({ code: 'custom', path: ['value'], message: PERCENT_MESSAGE })
    datesInOrder(v, ctx)
  })
export type CreateCouponInput = z.input<typeof createCouponInput>

export const updateCouponInput = z
  .strictObject({
    id: id('Le code promo est requis.'),
    value: terms.value.optional(),
    maxUses: terms.maxUses,
    maxAmount: terms.maxAmount,
    perClient: terms.perClient,
    minOrder: terms.minOrder,
    validFrom: terms.validFrom,
    validTo: terms.validTo,
    firstOrderOnly: terms.firstOrderOnly,
  })
  .superRefine(datesInOrder)
export type UpdateCouponInput = z.input<typeof updateCouponInput>

export const stopCouponInput = z.strictObject({ id: id('Le code promo est requis.') })

/** Page at least 1, limit 1 to 100 (default 20); search by code. */
export const adminCouponsQuery = z.strictObject({
  search: text(30).optional(),
  page,
  limit: limit(100, 20),
})

/** The cart's question: does this code apply to goods of this amount (before any discount)? */
export const couponCheckInput = z.strictObject({
  code: couponCodeInput,
  subtotal: z
    .number({ error: 'Le montant du panier est invalide.' })
    .int('Le montant du panier est invalide.')
    .min(0, 'Le montant du panier est invalide.')
    .max(MAX_ORDER_AMOUNT, 'Le montant du panier est invalide.'),
})

/* Answers. */
const adminCoupon = z.strictObject({
  id: z.number(),
  countryId: z.number(),
  countryName: z.string(),
  code: z.string(),
  kind: z.enum(couponKinds),
  value: z.number(),
  maxUses: z.number().nullable(),
  maxAmount: z.number().nullable(),
  perClient: z.number().nullable(),
  minOrder: z.number().nullable(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  firstOrderOnly: z.boolean(),
  stoppedAt: z.date().nullable(),
  usesCount: z.number(),
  amountSpent: z.number(),
  createdAt: z.date(),
})
export type AdminCoupon = z.infer<typeof adminCoupon>
export const adminCouponAnswer = z.strictObject({ coupon: adminCoupon })
export const adminCouponsAnswer = z.strictObject({ coupons: z.array(adminCoupon), total: z.number() })

/** Whether the code applies, its discount (0 when it does not) and the French sentence saying so. */
export const couponCheckAnswer = z.strictObject({
  applies: z.boolean(),
  code: z.string(),
  discount: z.number(),
  message: z.string(),
})
export type CouponCheckAnswer = z.infer<typeof couponCheckAnswer>
