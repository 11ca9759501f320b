import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { AnimalStatus } from '@/shared/domain/campaigns'
import { depositFor } from '@/shared/domain/campaigns'
import type { Db } from '../db/client'
import {
  campaignAnimals,
  campaignReservations,
  campaignShares,
  campaignSlots,
  campaigns,
  countries,
  paymentAttempts,
  paymentEvents,
  users,
} from '../db/schema'
import { hashToken } from '../http/session'
import { storeDemoDrawings } from './demo-drawings'

/**
 * The demo's campaign (docs/rules/campaigns.md): Tabaski in Sénégal, open now, a dozen sheep
 * (drawn pictures, demo-drawings.ts), two shares of a bull, delivery slots on the eve and
 * collection slots on the day, and reservations of the demo client in each state (held, booked,
 * paid, ready, delivered) whose money came by paid mobile money attempts, as the provider's status
 * query would have said, on the last days: the reconciliation and the cash report of those days
 * count them.
 */
const DAY = 86_400_000

/** [tag, breed, look, live weight kg, age months, price F]. */
const ANIMALS: [string, string, string, number, number, number][] = [
  ['TAB-01', 'Ladoum', 'ladoum', 110, 30, 850_000],
  ['TAB-02', 'Ladoum', 'ladoum', 95, 24, 650_000],
  ['TAB-03', 'Ladoum', 'ladoum', 85, 20, 480_000],
  ['TAB-04', 'Touabire', 'touabire', 75, 22, 275_000],
  ['TAB-05', 'Touabire', 'touabire', 70, 20, 240_000],
  ['TAB-06', 'Touabire', 'touabire', 65, 18, 210_000],
  ['TAB-07', 'Bali-Bali', 'baliBali', 80, 24, 320_000],
  ['TAB-08', 'Bali-Bali', 'baliBali', 72, 20, 285_000],
  ['TAB-09', 'Peul-Peul', 'peul', 55, 16, 150_000],
  ['TAB-10', 'Peul-Peul', 'peul', 50, 14, 135_000],
  ['TAB-11', 'Peul-Peul', 'peul', 48, 14, 125_000],
  ['TAB-12', 'Peul-Peul', 'peul', 45, 12, 115_000],
]

/** The demo's reservations: the animal's tag, its state, what was paid (deposit first), by whom. */
const RESERVED: {
  tag: string
  status: Exclude<AnimalStatus, 'available'>
  paid: number[]
  recipient?: [string, string]
}[] = [
  { tag: 'TAB-12', status: 'held', paid: [] },
  { tag: 'TAB-05', status: 'booked', paid: [72_000, 50_000], recipient: ['Moussa Ba', '+221 77 555 12 34'] },
  { tag: 'TAB-09', status: 'booked', paid: [45_000] },
  { tag: 'TAB-10', status: 'paid', paid: [40_500, 94_500] },
  { tag: 'TAB-04', status: 'ready', paid: [82_500, 100_000, 92_500] },
  { tag: 'TAB-11', status: 'delivered', paid: [37_500, 87_500] },
]

export async function seedDemoCampaigns(db: Db) {
  const [sn] = await db.select().from(countries).where(eq(countries.code, 'SN'))
  const [client] = await db.select().from(users).where(eq(users.email, 'client@etal.demo'))
  if (!sn || !client) return
  const photos = await storeDemoDrawings(db)
  const now = Date.now()
  const today = Date.UTC(
    new Date(now).getUTCFullYear(),
    new Date(now).getUTCMonth(),
    new Date(now).getUTCDate(),
  )
  const feast = new Date(now + 40 * DAY)
  const feastDay = feast.toISOString().slice(0, 10)
  const at = (dayOffset: number, hour: number) =>
    new Date(Date.UTC(feast.getUTCFullYear(), feast.getUTCMonth(), feast.getUTCDate() + dayOffset, hour))
  await db.transaction(async (tx) => {
    const [c] = await tx
      .insert(campaigns)
      .values({
        countryId: sn.id,
        name: `Tabaski ${feast.getUTCFullYear()}`,
        feastDate: feastDay,
        opensAt: new Date(now - 10 * DAY),
        closesAt: new Date(now + 30 * DAY),
        balanceDueAt: new Date(now + 35 * DAY),
        depositPercent: 30,
        refundableUntil: new Date(now + 20 * DAY),
        cancellationFee: 5_000,
        slaughterPrice: 5_000,
        keepingPerNight: 1_000,
      })
      .returning()
    const campaign = c!
    const animals = await tx
      .insert(campaignAnimals)
      .values(
        ANIMALS.map(([tag, breed, look, weightKg, ageMonths, price]) => ({
          campaignId: campaign.id,
          tag,
          breed,
          weightKg,
          ageMonths,
          price,
          notes: breed === 'Ladoum' ? 'Élevé à Thiès, nourri au foin et au niébé.' : null,
          photoKeys: photos[look] ? [photos[look]] : [],
        })),
      )
      .returning()
    await tx.insert(campaignShares).values([
      { campaignId: campaign.id, name: 'Un quart de bœuf', price: 95_000, stock: 8 },
      { campaignId: campaign.id, name: 'Une moitié de bœuf', price: 180_000, stock: 4 },
    ])
    const slots = await tx
      .insert(campaignSlots)
      .values([
        {
          campaignId: campaign.id,
          kind: 'delivery' as const,
          startsAt: at(-1, 8),
          endsAt: at(-1, 12),
          capacity: 20,
          price: 3_000,
        },
        {
          campaignId: campaign.id,
          kind: 'delivery' as const,
          startsAt: at(-1, 14),
          endsAt: at(-1, 18),
          capacity: 20,
          price: 3_000,
        },
        {
          campaignId: campaign.id,
          kind: 'collection' as const,
          startsAt: at(0, 7),
          endsAt: at(0, 10),
          capacity: 40,
          price: 0,
        },
      ])
      .returning()
    let n = 0
    for (const r of RESERVED) {
      const animal = animals.find((a) => a.tag === r.tag)!
      const amountPaid = r.paid.reduce((a, b) => a + b, 0)
      // Reserved on one of the last six days (08:00 UTC), paid that day: none today (the day's
      // figures the tests check hold the orders alone), none a week old (no reminder at start).
      const reservedAt = r.status === 'held' ? new Date(now) : new Date(today - (6 - n) * DAY + 8 * 3_600_000)
      const slot = r.recipient ? slots[0]! : slots[2]!
      await tx.update(campaignAnimals).set({ status: r.status }).where(eq(campaignAnimals.id, animal.id))
      if (r.status !== 'held')
        await tx
          .update(campaignSlots)
          .set({ booked: slot.booked + 1 })
          .where(eq(campaignSlots.id, slot.id))
      const [row] = await tx
        .insert(campaignReservations)
        .values({
          campaignId: campaign.id,
          userId: client.id,
          animalId: animal.id,
          status: r.status,
          price: animal.price,
          depositAmount: depositFor(campaign, animal.price),
          amountPaid,
          payTokenHash: hashToken(randomBytes(32).toString('base64url')),
          holdExpiresAt: new Date(now + 15 * 60_000),
          slotId: r.status === 'held' ? null : slot.id,
          recipientName: r.recipient?.[0] ?? null,
          recipientPhone: r.recipient?.[1] ?? null,
          recipientAddress: r.recipient ? 'Parcelles Assainies, unité 12, Dakar' : null,
          createdAt: reservedAt,
        })
        .returning()
      // Each payment a paid attempt, as the provider's status query would have said.
      for (const [i, amount] of r.paid.entries()) {
        const paidAt = new Date(reservedAt.getTime() + (i + 1) * 2 * 3_600_000)
        const provider = i % 2 === 0 ? ('wave' as const) : ('cinetpay' as const)
        const [a] = await tx
          .insert(paymentAttempts)
          .values({
            reservationId: row!.id,
            reference: `ETALR${row!.id}X${randomBytes(6).toString('hex').toUpperCase()}`,
            provider,
            wallet: provider === 'wave' ? 'Wave' : 'Orange Money',
            countryCode: 'SN',
            amount,
            currency: sn.currency,
            status: 'paid',
            expiresAt: paidAt,
            nextCheckAt: paidAt,
            createdBy: client.id,
            createdAt: new Date(paidAt.getTime() - 120_000),
            updatedAt: paidAt,
          })
          .returning()
        await tx.insert(paymentEvents).values([
          {
            reservationId: row!.id,
            attemptId: a!.id,
            provider,
            type: 'paid',
            detail: 'démo',
            createdAt: paidAt,
          },
          {
            reservationId: row!.id,
            attemptId: a!.id,
            provider,
            type: 'received',
            detail: 'démo',
            createdAt: paidAt,
          },
        ])
      }
      n++
    }
  })
}
