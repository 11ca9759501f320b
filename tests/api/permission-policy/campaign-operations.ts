import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import {
  campaignAnimals,
  campaignReservations,
  campaignSlots,
  campaigns,
  paymentAttempts,
} from '../../../src/server/db/schema'
import { hashToken } from '../../../src/server/http/session'
import type { Cell, Policy } from './shared'

// A campaign's operations on the feast days in the permission matrix (docs/rules/people.md#who-may-do-what,
// docs/rules/campaigns-operations.md#who-may-do-what): staff of the campaign's country, root any.

const STAFF = ['root', 'super_admin', 'admin'] as const
const DAY = 86_400_000
let n = 0

async function campaignOf({ f, cc }: Pick<Cell, 'f' | 'cc'>) {
  const [c] = await f.db
    .insert(campaigns)
    .values({
      countryId: f[cc].country.id,
      name: `Opérations ${++n}`,
      feastDate: '2099-06-01',
      opensAt: new Date(Date.now() - DAY),
      closesAt: new Date(Date.now() + 30 * DAY),
      balanceDueAt: new Date(Date.now() + 30 * DAY),
      refundableUntil: new Date(Date.now() + 30 * DAY),
    })
    .returning()
  return c!
}

/** A reservation of country `cc`'s customer, in `status` with `amountPaid` received. */
async function reservationOf(cell: Cell, status: 'held' | 'booked' | 'ready', amountPaid: number) {
  const c = await campaignOf(cell)
  const [a] = await cell.f.db
    .insert(campaignAnimals)
    .values({ campaignId: c.id, tag: `O-${++n}`, breed: 'Ladoum', weightKg: 60, price: 100_000, status })
    .returning()
  const [r] = await cell.f.db
    .insert(campaignReservations)
    .values({
      campaignId: c.id,
      userId: cell.f[cell.cc].customer.id,
      animalId: a!.id,
      status,
      price: a!.price,
      depositAmount: 30_000,
      amountPaid,
      payTokenHash: hashToken(randomBytes(32).toString('base64url')),
      holdExpiresAt: new Date(Date.now() + 15 * 60_000),
    })
    .returning()
  return r!
}

/**
 * docs/rules/campaigns-operations.md#delivery-on-the-eve: a ready reservation of country `cc` in a
 * delivery slot, paid but `balance` (`driverId`: the driver it is given to).
 */
export async function eveReservationOf(cell: Pick<Cell, 'f' | 'cc'>, driverId: number | null, balance = 0) {
  const r = await reservationOf(cell as Cell, 'ready', 100_000 - balance)
  const [slot] = await cell.f.db
    .insert(campaignSlots)
    .values({
      campaignId: r.campaignId,
      kind: 'delivery',
      startsAt: new Date(Date.now() + DAY),
      endsAt: new Date(Date.now() + DAY + 7_200_000),
      capacity: 5,
    })
    .returning()
  await cell.f.db
    .update(campaignReservations)
    .set({ slotId: slot!.id, deliveryDriverId: driverId })
    .where(eq(campaignReservations.id, r.id))
  return r
}

export const campaignOperationPolicies: Record<string, Policy> = {
  'GET /_api/admin/campaigns/operations': {
    who: STAFF,
    scope: 'country',
    rule: 'Campaigns: staff read their own country’s reservations on the feast days, root any',
    input: async (cell) => ({ campaignId: (await campaignOf(cell)).id }),
  },
  'GET /_api/admin/campaigns/operations/export': {
    who: STAFF,
    scope: 'country',
    rule: 'Campaigns: staff export their own country’s reservations, root any',
    input: async (cell) => ({ campaignId: (await campaignOf(cell)).id }),
  },
  'POST /_api/admin/campaigns/reservations/step': {
    who: STAFF,
    scope: 'country',
    rule: 'Campaigns: staff mark their own country’s animals ready, delivered or collected, root any',
    input: async (cell) => ({
      reservationId: (await reservationOf(cell, 'booked', 30_000)).id,
      step: 'ready',
    }),
  },
  'POST /_api/admin/campaigns/reservations/cash': {
    who: STAFF,
    scope: 'country',
    rule: 'Campaigns: staff record cash taken at the shop for their own country’s reservations, root any',
    input: async (cell) => ({
      reservationId: (await reservationOf(cell, 'booked', 30_000)).id,
      amount: 10_000,
    }),
  },
  'POST /_api/admin/campaigns/reservations/assign-driver': {
    who: STAFF,
    scope: 'country',
    rule: 'Campaigns: staff give their own country’s ready deliveries to one of its drivers, root any',
    input: async (cell) => ({
      reservationId: (await eveReservationOf(cell, null)).id,
      driverId: cell.f[cell.cc].driver.id,
    }),
  },
  'POST /_api/admin/campaigns/reservations/extend': {
    who: STAFF,
    scope: 'country',
    rule: 'Campaigns: staff give their own country’s reservations a later due date, root any',
    input: async (cell) => ({
      reservationId: (await reservationOf(cell, 'booked', 30_000)).id,
      dueAt: new Date(Date.now() + 40 * DAY).toISOString(),
    }),
  },
  'POST /_api/admin/campaigns/reservations/cancel': {
    who: STAFF,
    scope: 'country',
    rule: 'Campaigns: staff cancel their own country’s reservations, root any',
    input: async (cell) => ({ reservationId: (await reservationOf(cell, 'booked', 0)).id }),
  },
  'POST /_api/admin/campaigns/reservations/refund-done': {
    who: STAFF,
    scope: 'country',
    rule: 'Campaigns: staff record their own country’s reservation refunds made by hand, root any',
    input: async (cell) => {
      const r = await reservationOf(cell, 'booked', 30_000)
      const [a] = await cell.f.db
        .insert(paymentAttempts)
        .values({
          reservationId: r.id,
          reference: `ETALRM${++n}X${randomBytes(4).toString('hex')}`,
          provider: 'cinetpay',
          wallet: 'Orange Money',
          countryCode: cell.cc,
          amount: 30_000,
          currency: 'XOF',
          status: 'paid',
          refundStatus: 'to_do',
          expiresAt: new Date(Date.now() + DAY),
          nextCheckAt: new Date(Date.now() + DAY),
        })
        .returning()
      return { reservationId: r.id, attemptId: a!.id }
    },
  },
}
