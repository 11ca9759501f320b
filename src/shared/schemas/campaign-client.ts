import { reservationStatuses } from '../domain/campaigns'
import { campaignId, campaignView, payToken } from './campaigns'
import { id, paragraph, text } from './common'
import { z } from './zod'

// Campaigns, the client's and the payer's side (docs/rules/campaigns-client.md): one open
// campaign, the client's own reservations, the services chosen, paying from the account and a
// new pay link.

export const reservationId = () => id('Identifiant de réservation invalide.')

/** GET /_api/campaigns/campaign: one open campaign, its services, slots (places left) and shares. */
export const campaignQuery = z.strictObject({ campaignId: campaignId() })
export const oneCampaignAnswer = z.strictObject({ campaign: campaignView, currency: z.string() })

/** A reservation as its owner reads it, with the services chosen. */
export const myReservationView = z.strictObject({
  id: z.number(),
  campaignId: z.number(),
  campaignName: z.string(),
  feastDate: z.string(),
  status: z.enum(reservationStatuses),
  animal: z
    .strictObject({ tag: z.string(), breed: z.string(), weightKg: z.number(), photos: z.array(z.string()) })
    .nullable(),
  share: z.strictObject({ name: z.string() }).nullable(),
  price: z.number(),
  servicesAmount: z.number(),
  total: z.number(),
  depositAmount: z.number(),
  amountPaid: z.number(),
  balance: z.number(),
  balanceDueAt: z.date(),
  holdExpiresAt: z.date(),
  currency: z.string(),
  slaughter: z.boolean(),
  preparationId: z.number().nullable(),
  keepingNights: z.number(),
  slotId: z.number().nullable(),
  recipientName: z.string().nullable(),
  recipientPhone: z.string().nullable(),
  recipientAddress: z.string().nullable(),
  createdAt: z.date(),
})
export type MyReservation = z.infer<typeof myReservationView>
export const myReservationsAnswer = z.strictObject({ reservations: z.array(myReservationView) })
export const myReservationAnswer = z.strictObject({ reservation: myReservationView })

const optionalText = (max: number, tooLong: string) =>
  text(max)
    .max(max, tooLong)
    .transform((s) => (s === '' ? null : s))
    .nullable()
    .default(null)

/** POST /_api/campaigns/choose: the services, the slot and the recipient of one's reservation. */
export const chooseInput = z.strictObject({
  reservationId: reservationId(),
  slaughter: z.boolean({ error: 'Indiquez si l’animal doit être abattu.' }).default(false),
  preparationId: id('Découpe invalide.').nullable().default(null),
  keepingNights: z.coerce
    .number({ error: 'Le nombre de nuits de garde doit être un nombre.' })
    .int({ error: 'Le nombre de nuits de garde doit être un nombre entier.' })
    .min(0, 'Le nombre de nuits de garde ne peut pas être négatif.')
    .max(60, 'La garde ne peut pas dépasser 60 nuits.')
    .default(0),
  slotId: id('Créneau invalide.').nullable().default(null),
  recipientName: optionalText(120, 'Le nom ne peut pas dépasser 120 caractères.'),
  recipientPhone: optionalText(30, 'Le numéro ne peut pas dépasser 30 caractères.'),
  recipientAddress: paragraph(300, 'L’adresse ne peut pas dépasser 300 caractères.')
    .transform((s) => (s === '' ? null : s))
    .nullable()
    .default(null),
})
export type ChooseInput = z.input<typeof chooseInput>

/** POST /_api/campaigns/pay-mine: an instalment by the reservation's owner, from the account. */
export const payMineInput = z.strictObject({
  reservationId: reservationId(),
  amount: z.coerce
    .number({ error: 'Le montant : un montant en francs est attendu.' })
    .int({ error: 'Le montant : un montant en francs entiers est attendu.' })
    .min(1, 'Le montant doit être d’au moins 1 F.')
    .max(100_000_000, 'Le montant ne peut pas dépasser 100 000 000 F.'),
  wallet: text(50).min(1, 'Choisissez un portefeuille mobile money.'),
})

/**
 * GET /_api/campaigns/wallets: the wallets of a campaign's country (its page, the owner's account),
 * or of the pay link's reservation (anyone holding it): a payer abroad pays in the feast's country.
 */
export const campaignWalletsQuery = z
  .strictObject({ campaignId: campaignId().optional(), token: payToken.optional() })
  .refine((q) => (q.campaignId === undefined) !== (q.token === undefined), {
    error: 'Indiquez la campagne ou le lien de paiement.',
    path: ['campaignId'],
  })
