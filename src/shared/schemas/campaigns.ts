import { animalStatuses, depositKinds, reservationStatuses, slotKinds } from '../domain/campaigns'
import { PHOTO_KEY } from '../photos'
import { calendarDay } from './cash'
import { id, paragraph, text } from './common'
import { z } from './zod'

// Campaigns (docs/rules/campaigns.md): inputs and answers of the public calls, the pay link's and
// the staff's.

const MAX_AMOUNT = 100_000_000
/** Whole francs, 0 up to 100 million. */
export const francs = (label: string) =>
  z.coerce
    .number({ error: `${label} : un montant en francs est attendu.` })
    .int({ error: `${label} : un montant en francs entiers est attendu.` })
    .min(0, `${label} ne peut pas être négatif.`)
    .max(MAX_AMOUNT, `${label} ne peut pas dépasser 100 000 000 F.`)
export const positiveFrancs = (label: string) => francs(label).min(1, `${label} doit être d’au moins 1 F.`)

const INSTANT_MESSAGE = 'Date et heure invalides (format ISO 8601 avec fuseau, ex. 2027-05-01T08:00:00Z).'
/** An instant, written ISO 8601 with its offset, between 2000 and 2100. */
export const instant = z.iso
  .datetime({ offset: true, error: INSTANT_MESSAGE })
  .transform((s) => new Date(s))
  .refine((d) => d.getUTCFullYear() >= 2000 && d.getUTCFullYear() <= 2100, { error: INSTANT_MESSAGE })

export const campaignId = () => id('Identifiant de campagne invalide.')

/** A pay link's token: what the server gave, 43 characters of base64url. */
export const payToken = z
  .string({ error: 'Ce lien de paiement n’est pas valide.' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'Ce lien de paiement n’est pas valide.')

// ---- public ----------------------------------------------------------------------------------

export const campaignsQuery = z.strictObject({
  countryId: id('Identifiant de pays invalide.').optional(),
})

const slotView = z.strictObject({
  id: z.number(),
  kind: z.enum(slotKinds),
  startsAt: z.date(),
  endsAt: z.date(),
  price: z.number(),
  /** Places left. */
  left: z.number(),
})
const shareView = z.strictObject({ id: z.number(), name: z.string(), price: z.number(), stock: z.number() })
export const campaignView = z.strictObject({
  id: z.number(),
  countryId: z.number(),
  name: z.string(),
  feastDate: z.string(),
  opensAt: z.date(),
  closesAt: z.date(),
  balanceDueAt: z.date(),
  depositKind: z.enum(depositKinds),
  depositPercent: z.number(),
  depositFixed: z.number().nullable(),
  refundableUntil: z.date().nullable(),
  cancellationFee: z.number(),
  slaughterPrice: z.number().nullable(),
  keepingPerNight: z.number().nullable(),
  /** docs/rules/campaigns-messages.md#reminders: weekly, and so many days before the due date. */
  remindWeekly: z.boolean(),
  remindDaysBefore: z.number().nullable(),
  preparations: z.array(z.strictObject({ preparationId: z.number(), name: z.string(), price: z.number() })),
  slots: z.array(slotView),
  shares: z.array(shareView),
})
export type CampaignView = z.infer<typeof campaignView>
export const campaignsAnswer = z.strictObject({ campaigns: z.array(campaignView) })
export const campaignAnswer = z.strictObject({ campaign: campaignView })

export const animalsQuery = z.strictObject({ campaignId: campaignId() })
export const animalView = z.strictObject({
  id: z.number(),
  tag: z.string(),
  breed: z.string(),
  weightKg: z.number(),
  ageMonths: z.number().nullable(),
  price: z.number(),
  notes: z.string().nullable(),
  /** Keys of the photo store (`photoUrl` in src/shared/photos.ts). */
  photos: z.array(z.string()),
  status: z.enum(animalStatuses),
})
export type AnimalView = z.infer<typeof animalView>
export const animalsAnswer = z.strictObject({ animals: z.array(animalView) })
export const animalAnswer = z.strictObject({ animal: animalView })

/** POST /_api/campaigns/reserve: one animal, or one share. */
export const reserveInput = z
  .strictObject({
    animalId: id('Identifiant d’animal invalide.').optional(),
    shareId: id('Identifiant de part invalide.').optional(),
  })
  .refine((i) => (i.animalId === undefined) !== (i.shareId === undefined), {
    error: 'Choisissez un animal ou une part.',
    path: ['animalId'],
  })
export const reservationAnswer = z.strictObject({
  reservation: z.strictObject({
    id: z.number(),
    status: z.enum(reservationStatuses),
    total: z.number(),
    depositAmount: z.number(),
    amountPaid: z.number(),
    /** What is left to pay. */
    balance: z.number(),
    holdExpiresAt: z.date(),
    /** Shown once: the database keeps only its hash. */
    payToken: z.string(),
    payLink: z.string(),
  }),
})

/** GET /_api/campaigns/reservation: what the pay link shows, nothing personal beyond a first name. */
export const reservationQuery = z.strictObject({ token: payToken })
export const publicReservationAnswer = z.strictObject({
  reservation: z.strictObject({
    status: z.enum(reservationStatuses),
    campaignName: z.string(),
    firstName: z.string(),
    total: z.number(),
    depositAmount: z.number(),
    amountPaid: z.number(),
    balance: z.number(),
    balanceDueAt: z.date(),
    currency: z.string(),
    animal: z
      .strictObject({ tag: z.string(), breed: z.string(), weightKg: z.number(), photos: z.array(z.string()) })
      .nullable(),
    share: z.strictObject({ name: z.string() }).nullable(),
  }),
})

/** POST /_api/campaigns/pay: an instalment by anyone with the link. */
export const payInput = z.strictObject({
  token: payToken,
  amount: positiveFrancs('Le montant'),
  wallet: text(50).min(1, 'Choisissez un portefeuille mobile money.'),
})

// ---- staff -----------------------------------------------------------------------------------

const campaignFields = {
  name: text(120).min(2, 'Le nom de la campagne est requis (2 caractères au moins).'),
  feastDate: calendarDay,
  opensAt: instant,
  closesAt: instant,
  balanceDueAt: instant,
  depositKind: z
    .enum(depositKinds, { error: 'Règle d’acompte invalide : pourcentage ou montant fixe.' })
    .default('percent'),
  depositPercent: z.coerce
    .number({ error: 'Le pourcentage d’acompte doit être un nombre.' })
    .int({ error: 'Le pourcentage d’acompte doit être un nombre entier.' })
    .min(1, 'Le pourcentage d’acompte doit être d’au moins 1 %.')
    .max(100, 'Le pourcentage d’acompte ne peut pas dépasser 100 %.')
    .default(30),
  depositFixed: positiveFrancs('L’acompte fixe').nullable().default(null),
  refundableUntil: instant.nullable().default(null),
  cancellationFee: francs('Les frais d’annulation').default(0),
  slaughterPrice: francs('Le prix de l’abattage').nullable().default(null),
  keepingPerNight: francs('Le prix de la garde par nuit').nullable().default(null),
  // docs/rules/campaigns-messages.md#reminders; left out of an update, they stay as they were.
  remindWeekly: z.boolean({ error: 'Indiquez si le rappel hebdomadaire est envoyé.' }).optional(),
  remindDaysBefore: z.coerce
    .number({ error: 'Le rappel avant l’échéance : un nombre de jours est attendu.' })
    .int({ error: 'Le rappel avant l’échéance : un nombre entier de jours est attendu.' })
    .min(1, 'Le rappel avant l’échéance : 1 jour au moins.')
    .max(60, 'Le rappel avant l’échéance : 60 jours au plus.')
    .nullable()
    .optional(),
  preparations: z
    .array(
      z.strictObject({ preparationId: id('Préparation invalide.'), price: francs('Le prix de la découpe') }),
    )
    .max(30, 'Trente découpes au plus.')
    .default([]),
}
const campaignRules = <
  T extends z.ZodType<{ opensAt: Date; closesAt: Date; depositKind: string; depositFixed: number | null }>,
>(
  s: T,
) =>
  s
    .refine((c) => c.closesAt > c.opensAt, {
      error: 'La fermeture des commandes doit suivre leur ouverture.',
      path: ['closesAt'],
    })
    .refine((c) => (c.depositKind === 'fixed') === (c.depositFixed !== null), {
      error: 'Un acompte fixe demande son montant (et seulement lui).',
      path: ['depositFixed'],
    })

export const campaignCreateInput = campaignRules(
  z.strictObject({ countryId: id('Identifiant de pays invalide.').optional(), ...campaignFields }),
)
export const campaignUpdateInput = campaignRules(
  z.strictObject({ campaignId: campaignId(), ...campaignFields }),
)
export const adminCampaignsQuery = z.strictObject({
  countryId: id('Identifiant de pays invalide.').optional(),
})

const animalFields = {
  tag: text(40).min(1, 'Le numéro de boucle est requis.'),
  breed: text(60).min(2, 'La race est requise.'),
  weightKg: z.coerce
    .number({ error: 'Le poids vif estimé doit être un nombre de kg.' })
    .int({ error: 'Le poids vif estimé se donne en kg entiers.' })
    .min(1, 'Le poids vif estimé doit être d’au moins 1 kg.')
    .max(2000, 'Le poids vif estimé ne peut pas dépasser 2 000 kg.'),
  ageMonths: z.coerce
    .number({ error: 'L’âge doit être un nombre de mois.' })
    .int({ error: 'L’âge se donne en mois entiers.' })
    .min(0, 'L’âge ne peut pas être négatif.')
    .max(600, 'L’âge ne peut pas dépasser 600 mois.')
    .nullable()
    .default(null),
  price: positiveFrancs('Le prix'),
  notes: paragraph(1000).nullable().default(null),
  photoKeys: z
    .array(z.string().regex(PHOTO_KEY, 'Photo invalide.'))
    .max(10, 'Dix photos au plus.')
    .default([]),
}
export const animalCreateInput = z.strictObject({ campaignId: campaignId(), ...animalFields })
export const animalUpdateInput = z.strictObject({
  animalId: id('Identifiant d’animal invalide.'),
  ...animalFields,
})

export const shareCreateInput = z.strictObject({
  campaignId: campaignId(),
  name: text(60).min(2, 'Le nom de la part est requis (une moitié, un quart…).'),
  price: positiveFrancs('Le prix'),
  stock: z.coerce
    .number({ error: 'Le stock doit être un nombre.' })
    .int({ error: 'Le stock doit être un nombre entier.' })
    .min(0, 'Le stock ne peut pas être négatif.')
    .max(10_000, 'Le stock ne peut pas dépasser 10 000.'),
})
export const shareAnswer = z.strictObject({ share: shareView })

export const slotCreateInput = z
  .strictObject({
    campaignId: campaignId(),
    kind: z.enum(slotKinds, { error: 'Type de créneau invalide : livraison ou retrait.' }),
    startsAt: instant,
    endsAt: instant,
    capacity: z.coerce
      .number({ error: 'La capacité doit être un nombre.' })
      .int({ error: 'La capacité doit être un nombre entier.' })
      .min(1, 'La capacité doit être d’au moins 1.')
      .max(10_000, 'La capacité ne peut pas dépasser 10 000.'),
    price: francs('Le prix du créneau').default(0),
  })
  .refine((s) => s.endsAt > s.startsAt, {
    error: 'La fin du créneau doit suivre son début.',
    path: ['endsAt'],
  })
export const slotAnswer = z.strictObject({ slot: slotView })

export const adminReservationsQuery = z.strictObject({
  campaignId: campaignId(),
  status: z.enum(reservationStatuses, { error: 'Statut de réservation invalide.' }).optional(),
})
export const adminReservationsAnswer = z.strictObject({
  reservations: z.array(
    z.strictObject({
      id: z.number(),
      status: z.enum(reservationStatuses),
      clientId: z.number(),
      clientName: z.string(),
      clientPhone: z.string().nullable(),
      animalId: z.number().nullable(),
      animalTag: z.string().nullable(),
      shareId: z.number().nullable(),
      shareName: z.string().nullable(),
      total: z.number(),
      depositAmount: z.number(),
      amountPaid: z.number(),
      balance: z.number(),
      holdExpiresAt: z.date(),
      recipientName: z.string().nullable(),
      recipientPhone: z.string().nullable(),
      recipientAddress: z.string().nullable(),
      slotId: z.number().nullable(),
      createdAt: z.date(),
    }),
  ),
})
