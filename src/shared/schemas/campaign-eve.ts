import { cashCollected } from './cash'
import { id } from './common'
import { z } from './zod'

// docs/rules/campaigns-operations.md#delivery-on-the-eve (decision 0082): the campaign
// reservations a driver delivers on the eve, as its dashboard lists them, and its confirmation.

export const eveDelivery = z.strictObject({
  reservationId: z.number(),
  campaignName: z.string(),
  tag: z.string().nullable(),
  /** The share's name for a share; null for an animal (its tag and breed). */
  shareName: z.string().nullable(),
  breed: z.string().nullable(),
  slaughter: z.boolean(),
  cutting: z.string().nullable(),
  recipientName: z.string().nullable(),
  recipientPhone: z.string().nullable(),
  recipientAddress: z.string().nullable(),
  slotStartsAt: z.date().nullable(),
  slotEndsAt: z.date().nullable(),
  timeZone: z.string(),
  /** What the driver collects in cash at the door (0: nothing). */
  balance: z.number(),
})
export type EveDelivery = z.infer<typeof eveDelivery>

export const eveDeliveredInput = z.strictObject({
  reservationId: id('Identifiant de réservation invalide.'),
  cashCollected: cashCollected.optional(),
})
export type EveDeliveredInput = z.input<typeof eveDeliveredInput>

export const eveDeliveredAnswer = z.strictObject({ reservationId: z.number(), amountCollected: z.number() })
