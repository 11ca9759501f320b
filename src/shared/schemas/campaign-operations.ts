import { reservationStatuses, slotKinds } from '../domain/campaigns'
import { operationSteps } from '../domain/campaign-operations'
import { paymentProviders, refundStatuses } from '../domain/payments'
import { id, queryBoolean } from './common'
import { campaignId } from './campaigns'
import { z } from './zod'

// A campaign's operations on the feast days (docs/rules/campaigns-operations.md): the staff's
// reservations list, its export, each reservation's steps, cash, due date and cancellation.

const reservationId = () => id('Identifiant de réservation invalide.')

const DUE_MESSAGE = 'Date et heure invalides (format ISO 8601 avec fuseau, ex. 2027-05-01T08:00:00Z).'
const instant = z.iso
  .datetime({ offset: true, error: DUE_MESSAGE })
  .transform((s) => new Date(s))
  .refine((d) => d.getUTCFullYear() >= 2000 && d.getUTCFullYear() <= 2100, { error: DUE_MESSAGE })

/** GET /_api/admin/campaigns/operations and its CSV: the list's filters. */
export const operationsQuery = z.strictObject({
  campaignId: campaignId(),
  status: z.enum(reservationStatuses, { error: 'Statut de réservation invalide.' }).optional(),
  slotId: id('Créneau invalide.').optional(),
  /** Only the live reservations with a balance left past their due date. */
  overdue: queryBoolean.optional(),
})
export type OperationsQuery = z.input<typeof operationsQuery>

const refundView = z.strictObject({
  attemptId: z.number(),
  provider: z.enum(paymentProviders),
  wallet: z.string().nullable(),
  amount: z.number(),
  refundStatus: z.enum(refundStatuses),
})

export const operationRow = z.strictObject({
  id: z.number(),
  status: z.enum(reservationStatuses),
  tag: z.string().nullable(),
  breed: z.string().nullable(),
  shareName: z.string().nullable(),
  clientName: z.string(),
  clientPhone: z.string().nullable(),
  slaughter: z.boolean(),
  cutting: z.string().nullable(),
  keepingNights: z.number(),
  slotId: z.number().nullable(),
  recipientName: z.string().nullable(),
  recipientPhone: z.string().nullable(),
  recipientAddress: z.string().nullable(),
  total: z.number(),
  depositAmount: z.number(),
  amountPaid: z.number(),
  /** Of what was paid, the cash taken at the shop. */
  cashPaid: z.number(),
  balance: z.number(),
  dueAt: z.date(),
  overdue: z.boolean(),
  pointsEarned: z.number(),
  keptAmount: z.number().nullable(),
  refundAmount: z.number().nullable(),
  /** Mobile money to give back (a cancellation, an excess), by attempt. */
  refunds: z.array(refundView),
  /** docs/rules/campaigns-operations.md#delivery-on-the-eve: the shop's driver who delivers it. */
  deliveryDriverId: z.number().nullable(),
  deliveryDriverName: z.string().nullable(),
})
export type OperationRow = z.infer<typeof operationRow>

export const operationsAnswer = z.strictObject({
  campaign: z.strictObject({
    id: z.number(),
    name: z.string(),
    feastDate: z.string(),
    balanceDueAt: z.date(),
    refundableUntil: z.date().nullable(),
    cancellationFee: z.number(),
    currency: z.string(),
    /** The country's, for its dates. */
    timeZone: z.string(),
  }),
  slots: z.array(
    z.strictObject({
      id: z.number(),
      kind: z.enum(slotKinds),
      startsAt: z.date(),
      endsAt: z.date(),
      capacity: z.number(),
      booked: z.number(),
    }),
  ),
  /** By slot (its start; none last), then by tag: the slaughter's order. */
  reservations: z.array(operationRow),
  /** The campaign's country's active drivers, to deliver on the eve. */
  drivers: z.array(z.strictObject({ id: z.number(), displayName: z.string() })),
})
export type OperationsAnswer = z.infer<typeof operationsAnswer>

export const stepInput = z.strictObject({
  reservationId: reservationId(),
  step: z.enum(operationSteps, { error: 'Étape invalide : prête, livrée ou retirée.' }),
})

export const cashInput = z.strictObject({
  reservationId: reservationId(),
  amount: z.coerce
    .number({ error: 'Le montant : un montant en francs est attendu.' })
    .int({ error: 'Le montant : un montant en francs entiers est attendu.' })
    .min(1, 'Le montant doit être d’au moins 1 F.')
    .max(100_000_000, 'Le montant ne peut pas dépasser 100 000 000 F.'),
})

export const extendInput = z.strictObject({ reservationId: reservationId(), dueAt: instant })

export const cancelInput = z.strictObject({ reservationId: reservationId() })

export const reservationRefundDoneInput = z.strictObject({
  reservationId: reservationId(),
  attemptId: id('Identifiant de paiement invalide.'),
})

export const operationAnswer = z.strictObject({ reservation: operationRow })

/** docs/rules/campaigns-operations.md#delivery-on-the-eve: staff give a delivery to a driver. */
export const assignDriverInput = z.strictObject({
  reservationId: reservationId(),
  driverId: id('Livreur invalide.'),
})
