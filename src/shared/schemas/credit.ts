import { MAX_ORDER_AMOUNT } from '../domain/pricing'
import { creditKinds } from '../domain/store-credit'
import { id, text } from './common'
import { z } from './zod'

/* Store credit (avoir) as the client reads it and staff grant it (docs/rules/store-credit.md). */

export const creditEntry = z.object({
  id: z.number(),
  amount: z.number(),
  kind: z.enum(creditKinds),
  reason: z.string(),
  orderId: z.number().nullable(),
  balanceAfter: z.number(),
  createdAt: z.string(),
})

/** A client's credit: the balance (every country's, per country) and its latest movements. */
export const creditStatement = z.object({
  balance: z.number(),
  balances: z.array(z.object({ countryId: z.number(), country: z.string(), balance: z.number() })),
  entries: z.array(creditEntry),
})
export type CreditStatement = z.infer<typeof creditStatement>

export const GRANT_AMOUNT_MESSAGE =
  'Le montant doit être un nombre entier de francs, différent de 0 (négatif pour retirer).'
export const GRANT_REASON_MESSAGE = 'Indiquez la raison (3 à 200 caractères).'

/** Staff grant (or, negative, withdraw) store credit, with a reason the client reads. */
export const grantCreditInput = z.strictObject({
  userId: id('Client introuvable.'),
  amount: z
    .number({ error: GRANT_AMOUNT_MESSAGE })
    .int(GRANT_AMOUNT_MESSAGE)
    .min(-MAX_ORDER_AMOUNT, GRANT_AMOUNT_MESSAGE)
    .max(MAX_ORDER_AMOUNT, GRANT_AMOUNT_MESSAGE)
    .refine((n) => n !== 0, GRANT_AMOUNT_MESSAGE),
  reason: text(200).pipe(z.string().min(3, GRANT_REASON_MESSAGE)),
})

export const userCreditQuery = z.strictObject({ userId: id('Client introuvable.') })

export const refundToCreditInput = z.strictObject({
  orderId: id('ID de commande manquant ou invalide.'),
})
