import { and, eq, gt, lt, sql } from 'drizzle-orm'
import { formatMoney } from '@/shared/format'
import type { Db, Executor } from '@/server/db/client'
import { campaignPreparations, campaignReservations, campaignSlots, campaigns } from '@/server/db/schema'
import { badRequest, conflict } from '@/server/http/errors'
import { followStatus } from './items'
import { lockMyReservation, myReservation } from './mine'

// docs/rules/campaigns-client.md#choosing-the-services: the owner chooses slaughter, cutting,
// keeping, a slot and the recipient; priced from the campaign's services; a slot's place taken by
// one conditional update (a rush never overfills it), the old slot's given back.

export const SLOT_FULL = 'Ce créneau est complet. Choisissez-en un autre.'

export type Choice = {
  reservationId: number
  slaughter: boolean
  preparationId: number | null
  keepingNights: number
  slotId: number | null
  recipientName: string | null
  recipientPhone: string | null
  recipientAddress: string | null
}

const refuse = (field: keyof Choice, message: string) => badRequest(message, { [field]: [message] })

/** Takes one place of a slot while it has any: true for the callers that got one. */
async function takePlace(tx: Executor, slotId: number) {
  const rows = await tx
    .update(campaignSlots)
    .set({ booked: sql`${campaignSlots.booked} + 1` })
    .where(and(eq(campaignSlots.id, slotId), lt(campaignSlots.booked, campaignSlots.capacity)))
    .returning({ id: campaignSlots.id })
  return rows.length === 1
}
/**
 * Gives one place of a campaign's slot back, under the reservation's row lock: a reservation
 * changing slot here, one cancelled by staff (cancel.ts).
 */
export const releaseCampaignSlotPlace = (tx: Executor, slotId: number) =>
  tx
    .update(campaignSlots)
    .set({ booked: sql`${campaignSlots.booked} - 1` })
    .where(and(eq(campaignSlots.id, slotId), gt(campaignSlots.booked, 0)))

/**
 * The services of the owner's reservation, once its deposit is in (`booked` or `paid`), until it
 * is ready: each must be offered by the campaign (400 otherwise), the total never below what was
 * paid (400); the balance follows (a paid reservation whose total grows is `booked` again).
 */
export async function chooseServices(db: Db, userId: number, c: Choice) {
  await db.transaction(async (tx) => {
    const r = await lockMyReservation(tx, userId, c.reservationId)
    if (r.status === 'held')
      throw conflict('Payez d’abord l’acompte : les services se choisissent une fois l’acompte reçu.')
    if (r.status === 'expired' || r.status === 'cancelled')
      throw conflict('Cette réservation n’est plus en cours : ses services ne se choisissent plus.')
    if (r.status !== 'booked' && r.status !== 'paid')
      throw conflict('Cette réservation est prête : ses services ne changent plus.')
    const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, r.campaignId))
    let amount = 0
    if (c.slaughter) {
      if (campaign!.slaughterPrice === null)
        throw refuse('slaughter', 'L’abattage n’est pas proposé pour cette campagne.')
      amount += campaign!.slaughterPrice
    }
    if (c.preparationId !== null) {
      const [prep] = await tx
        .select({ price: campaignPreparations.price })
        .from(campaignPreparations)
        .where(
          and(
            eq(campaignPreparations.campaignId, r.campaignId),
            eq(campaignPreparations.preparationId, c.preparationId),
          ),
        )
      if (!prep) throw refuse('preparationId', 'Cette découpe n’est pas proposée pour cette campagne.')
      amount += prep.price
    }
    if (c.keepingNights > 0) {
      if (campaign!.keepingPerNight === null)
        throw refuse('keepingNights', 'La garde de l’animal n’est pas proposée pour cette campagne.')
      amount += c.keepingNights * campaign!.keepingPerNight
    }
    if (c.slotId !== null) {
      const [slot] = await tx
        .select()
        .from(campaignSlots)
        .where(and(eq(campaignSlots.id, c.slotId), eq(campaignSlots.campaignId, r.campaignId)))
      if (!slot) throw refuse('slotId', 'Ce créneau n’est pas proposé pour cette campagne.')
      if (c.slotId !== r.slotId && slot.startsAt.getTime() <= Date.now())
        throw refuse('slotId', 'Ce créneau est passé. Choisissez-en un autre.')
      if (slot.kind === 'delivery' && !c.recipientAddress)
        throw refuse('recipientAddress', 'Pour une livraison, indiquez l’adresse où livrer.')
      amount += slot.price
    }
    const total = r.price + amount
    if (total < r.amountPaid)
      throw badRequest(
        `Ce choix ramènerait le total à ${formatMoney(total)}, moins que les ${formatMoney(r.amountPaid)} déjà payés.`,
      )
    if (c.slotId !== r.slotId) {
      if (c.slotId !== null && !(await takePlace(tx, c.slotId))) throw conflict(SLOT_FULL)
      if (r.slotId !== null) await releaseCampaignSlotPlace(tx, r.slotId)
    }
    await tx
      .update(campaignReservations)
      .set({
        servicesAmount: amount,
        slaughter: c.slaughter,
        preparationId: c.preparationId,
        keepingNights: c.keepingNights,
        slotId: c.slotId,
        recipientName: c.recipientName,
        recipientPhone: c.recipientPhone,
        recipientAddress: c.recipientAddress,
        updatedAt: sql`now()`,
      })
      .where(eq(campaignReservations.id, r.id))
    // The balance follows the total: paid in full, or not any more.
    const next = r.amountPaid >= total ? 'paid' : 'booked'
    if (next !== r.status) await followStatus(tx, r, next)
  })
  return myReservation(db, userId, c.reservationId)
}
