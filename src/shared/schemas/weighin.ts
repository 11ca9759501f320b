import { formatPercent } from '../format'
import { MAX_WEIGH_TOLERANCE_PERCENT, MAX_WEIGHED_QUANTITY, WEIGH_WISH_MAX } from '../domain/weighin'
import { id, INT4_MAX, paragraph } from './common'
import { orderId } from './orders'
import { z } from './zod'

// The weigh-in's inputs (docs/rules/orders.md#weigh-in).

const WEIGHT_MESSAGE = 'Le poids pesé doit être un nombre de kilos supérieur à 0.'
const weighedQuantity = z
  .number({ error: WEIGHT_MESSAGE })
  .positive({ error: WEIGHT_MESSAGE })
  .max(MAX_WEIGHED_QUANTITY, { error: `Le poids pesé ne peut pas dépasser ${MAX_WEIGHED_QUANTITY} kg.` })
  // To the gram: at most 3 decimals (the column's scale), allowing for binary rounding.
  .refine((q) => Math.abs(q * 1000 - Math.round(q * 1000)) < 1e-6, {
    error: 'Le poids pesé se note au gramme près (3 décimales au plus).',
  })

/** POST /_api/admin/orders/weigh: the weight of one or more kg lines of an order in preparation. */
export const weighOrderInput = z.strictObject({
  orderId: orderId(),
  lines: z
    .array(z.strictObject({ itemId: id('Article invalide.'), weighedQuantity }), {
      error: 'Indiquez au moins un poids.',
    })
    .min(1, { error: 'Indiquez au moins un poids.' })
    .max(200, { error: 'Trop d’articles.' })
    .refine((ls) => new Set(ls.map((l) => l.itemId)).size === ls.length, {
      error: 'Chaque article ne se pèse qu’une fois par envoi.',
    }),
})
export type WeighOrderInput = z.input<typeof weighOrderInput>

export const TOTAL_MESSAGE =
  'Le montant auquel vous répondez est requis (en francs CFA) : rechargez la commande.'
/**
 * The weighed total an answer is given to, as it was read (docs/rules/orders.md#weigh-in): an agreement
 * binds that amount only; after another weighing the server answers 409 with the new total.
 */
export const answeredTotal = z
  .number({ error: TOTAL_MESSAGE })
  .int({ error: TOTAL_MESSAGE })
  .min(0, { error: TOTAL_MESSAGE })
  .max(INT4_MAX, { error: TOTAL_MESSAGE })

/** POST /_api/admin/orders/record-agreement: the client agreed by phone to this total. */
export const recordAgreementInput = z.strictObject({ orderId: orderId(), total: answeredTotal })
export type RecordAgreementInput = z.input<typeof recordAgreementInput>

/**
 * POST /_api/orders/weigh-answer: the client accepts or refuses the weighed total it read; a refusal
 * may say what it wants instead ("Je veux 1,5 kg exactement"), which staff read on the weigh-in.
 */
export const weighAnswerInput = z
  .strictObject({
    orderId: orderId(),
    decision: z.enum(['accept', 'refuse'], { error: 'Réponse invalide : accepter ou refuser.' }),
    total: answeredTotal,
    wish: paragraph(
      WEIGH_WISH_MAX,
      `Votre demande ne peut pas dépasser ${WEIGH_WISH_MAX} caractères.`,
    ).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.decision === 'accept' && v.wish)
      ctx.addIssue({
        code: 'custom',
        path: ['wish'],
        message: 'Seul un refus dit ce que vous voulez à la place.',
      })
  })
export type WeighAnswerInput = z.input<typeof weighAnswerInput>

const TOLERANCE_MESSAGE = `La tolérance doit être un nombre entier de 0 à ${formatPercent(MAX_WEIGH_TOLERANCE_PERCENT)}.`
/** The shop's settings as root reads and writes them. */
export const shopSettingsView = z.strictObject({ weighTolerancePercent: z.number() })
export const updateShopSettingsInput = z.strictObject({
  weighTolerancePercent: z
    .number({ error: TOLERANCE_MESSAGE })
    .int({ error: TOLERANCE_MESSAGE })
    .min(0, { error: TOLERANCE_MESSAGE })
    .max(MAX_WEIGH_TOLERANCE_PERCENT, { error: TOLERANCE_MESSAGE }),
})
export type UpdateShopSettingsInput = z.input<typeof updateShopSettingsInput>
export const shopSettingsAnswer = z.strictObject({ settings: shopSettingsView })
