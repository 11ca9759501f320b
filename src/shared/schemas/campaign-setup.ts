import { reservationStatuses, slotKinds } from '../domain/campaigns'
import { animalView, campaignId, campaignView, shareCreateInput, slotCreateInput } from './campaigns'
import { id } from './common'
import { z } from './zod'

// The staff's setup of a campaign and its board (docs/rules/campaigns-staff.md): one campaign
// read whole, a share's and a slot's edits, an animal's photos, the board's figures.

export const adminCampaignQuery = z.strictObject({ campaignId: campaignId() })

/** A slot as staff see it: its capacity and the places already taken. */
export const adminSlotView = z.strictObject({
  id: z.number(),
  kind: z.enum(slotKinds),
  startsAt: z.date(),
  endsAt: z.date(),
  capacity: z.number(),
  booked: z.number(),
  price: z.number(),
})
export type AdminSlotView = z.infer<typeof adminSlotView>

/** GET /_api/admin/campaigns/detail: the campaign, every animal (whatever its state), its slots. */
export const adminCampaignDetailAnswer = z.strictObject({
  campaign: campaignView,
  currency: z.string(),
  countryName: z.string(),
  animals: z.array(animalView),
  slots: z.array(adminSlotView),
})
export type AdminCampaignDetail = z.infer<typeof adminCampaignDetailAnswer>

const { campaignId: _share, ...shareShape } = shareCreateInput.shape
export const shareUpdateInput = z.strictObject({
  shareId: id('Identifiant de part invalide.'),
  ...shareShape,
})
export type ShareUpdateInput = z.input<typeof shareUpdateInput>

const { campaignId: _slot, ...slotShape } = slotCreateInput.shape
export const slotUpdateInput = z
  .strictObject({ slotId: id('Identifiant de créneau invalide.'), ...slotShape })
  .refine((s) => s.endsAt > s.startsAt, {
    error: 'La fin du créneau doit suivre son début.',
    path: ['endsAt'],
  })
export type SlotUpdateInput = z.input<typeof slotUpdateInput>
export const adminSlotAnswer = z.strictObject({ slot: adminSlotView })

/** An animal's photo: the upload's query string, and the removal's body. */
export const animalPhotoInput = z.strictObject({ animalId: id('Identifiant d’animal invalide.') })
export const animalPhotoRemoveInput = z.strictObject({
  animalId: id('Identifiant d’animal invalide.'),
  key: z.string().regex(/^[0-9a-f]{32}$/, 'Photo invalide.'),
})

/** GET /_api/admin/campaigns/board: what a campaign sold, received and is still owed. */
export const boardAnswer = z.strictObject({
  board: z.strictObject({
    campaignId: z.number(),
    name: z.string(),
    currency: z.string(),
    balanceDueAt: z.date(),
    /** One line per reservation state, every state present (0 when none). */
    states: z.array(
      z.strictObject({
        status: z.enum(reservationStatuses),
        count: z.number(),
        total: z.number(),
        paid: z.number(),
        balance: z.number(),
      }),
    ),
    /** Money received by paid attempts, by wallet: the part that covered deposits, the rest. */
    providers: z.array(
      z.strictObject({
        /** The wallet's stable key (wave, orange_money…), else the provider's. */
        key: z.string(),
        label: z.string(),
        payments: z.number(),
        deposits: z.number(),
        instalments: z.number(),
        /** Paid past the balance, or on a reservation no longer payable: flagged to give back. */
        toGiveBack: z.number(),
      }),
    ),
    received: z.number(),
    /** Balances still owed by the reservations whose deposit is paid (booked, paid, ready). */
    balanceDue: z.number(),
    /** Live reservations (held, booked, ready) still owing past the campaign's due date. */
    overdueCount: z.number(),
    overdueAmount: z.number(),
  }),
})
export type CampaignBoard = z.infer<typeof boardAnswer>['board']
