import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { campaignAnimals, campaignReservations, campaigns } from '../../../src/server/db/schema'
import { hashToken } from '../../../src/server/http/session'
import type { Cc, Cell, Policy } from './shared'

// The campaigns' calls in the permission matrix (docs/rules/people.md#who-may-do-what,
// docs/rules/campaigns.md#who-may-do-what), as each area has its file.

const STAFF = ['root', 'super_admin', 'admin'] as const
const SHOPPERS = ['client', 'user'] as const
const DAY = 86_400_000
let n = 0

/** A campaign of country `cc` open now. */
export async function campaignOf({ f, cc }: { f: Cell['f']; cc: Cc }) {
  const [c] = await f.db
    .insert(campaigns)
    .values({
      countryId: f[cc].country.id,
      name: `Matrice ${++n}`,
      feastDate: '2099-06-01',
      opensAt: new Date(Date.now() - DAY),
      closesAt: new Date(Date.now() + 30 * DAY),
      balanceDueAt: new Date(Date.now() + 30 * DAY),
    })
    .returning()
  return c!
}
export async function animalOf(cell: Cell) {
  const c = await campaignOf(cell)
  const [a] = await cell.f.db
    .insert(campaignAnimals)
    .values({ campaignId: c.id, tag: `M-${++n}`, breed: 'Ladoum', weightKg: 60, price: 100_000 })
    .returning()
  return a!
}
/** A reservation held by the country's customer (or `userId`), and its pay link's token. */
async function reservationOf(cell: Cell, userId = cell.f[cell.cc].customer.id) {
  return (await heldReservation(cell, userId)).token
}
async function heldReservation(cell: Cell, userId: number) {
  const a = await animalOf(cell)
  const token = randomBytes(32).toString('base64url')
  await cell.f.db.update(campaignAnimals).set({ status: 'held' }).where(eq(campaignAnimals.id, a.id))
  const [r] = await cell.f.db
    .insert(campaignReservations)
    .values({
      campaignId: a.campaignId,
      userId,
      animalId: a.id,
      price: a.price,
      depositAmount: 30_000,
      payTokenHash: hashToken(token),
      holdExpiresAt: new Date(Date.now() + 15 * 60_000),
    })
    .returning()
  return { token, id: r!.id }
}
/**
 * A reservation whose deposit is in (`booked`): the caller's own when the cell acts on its own
 * records, else the country's customer's (own-records: another's answers 404).
 */
async function bookedOf(cell: Cell) {
  const { f, caller, cc, neighbour, reaches } = cell
  const own = cc === caller.cc && !neighbour && reaches && caller.id !== null
  const a = await animalOf(cell)
  await f.db.update(campaignAnimals).set({ status: 'booked' }).where(eq(campaignAnimals.id, a.id))
  const [r] = await f.db
    .insert(campaignReservations)
    .values({
      campaignId: a.campaignId,
      userId: own ? caller.id! : f[cc].customer.id,
      animalId: a.id,
      status: 'booked',
      price: a.price,
      depositAmount: 30_000,
      amountPaid: 30_000,
      payTokenHash: hashToken(randomBytes(32).toString('base64url')),
      holdExpiresAt: new Date(Date.now() + 15 * 60_000),
    })
    .returning()
  return r!.id
}
const window = () => ({
  feastDate: '2099-06-01',
  opensAt: new Date(Date.now() - DAY).toISOString(),
  closesAt: new Date(Date.now() + DAY).toISOString(),
  balanceDueAt: new Date(Date.now() + DAY).toISOString(),
})
const ids = (rows: unknown) => (rows as { id: number }[]).map((r) => r.id)

export const campaignPolicies: Record<string, Policy> = {
  'GET /_api/campaigns': {
    who: 'public',
    scope: 'global',
    rule: 'Campaigns: anyone reads a country’s open campaigns',
    input: ({ f, cc }) => ({ countryId: f[cc].country.id }),
  },
  'GET /_api/campaigns/animals': {
    who: 'public',
    scope: 'global',
    rule: 'Campaigns: anyone reads an open campaign’s animals',
    input: async (cell) => ({ campaignId: (await campaignOf(cell)).id }),
  },
  'POST /_api/campaigns/reserve': {
    who: SHOPPERS,
    scope: 'global',
    rule: 'Campaigns: a client reserves an animal of any open campaign (a son abroad for his parents)',
    input: async (cell) => ({ animalId: (await animalOf(cell)).id }),
  },
  'GET /_api/campaigns/reservation': {
    who: 'public',
    scope: 'global',
    rule: 'Campaigns: anyone holding the pay link reads what it shows',
    input: async (cell) => ({ token: await reservationOf(cell) }),
  },
  'POST /_api/campaigns/pay': {
    who: 'public',
    scope: 'global',
    rule: 'Campaigns: anyone holding the pay link pays an instalment',
    input: async (cell) => ({ token: await reservationOf(cell), amount: 30_000, wallet: 'Orange Money' }),
  },
  'GET /_api/campaigns/campaign': {
    who: 'public',
    scope: 'global',
    rule: 'Campaigns: anyone reads an open campaign’s page (a shared link opens for anyone)',
    input: async (cell) => ({ campaignId: (await campaignOf(cell)).id }),
  },
  'GET /_api/campaigns/mine': {
    who: SHOPPERS,
    scope: 'global',
    rule: 'Campaigns: a client reads its own reservations (no input: nothing else to name)',
    input: () => ({}),
  },
  'POST /_api/campaigns/choose': {
    who: SHOPPERS,
    scope: 'own-records',
    rule: 'Campaigns: a client chooses the services of its own reservation',
    input: async (cell) => ({ reservationId: await bookedOf(cell), slaughter: false, keepingNights: 0 }),
  },
  'POST /_api/campaigns/pay-mine': {
    who: SHOPPERS,
    scope: 'own-records',
    rule: 'Campaigns: a client pays an instalment of its own reservation from its account',
    input: async (cell) => ({ reservationId: await bookedOf(cell), amount: 10_000, wallet: 'Orange Money' }),
  },
  'GET /_api/campaigns/wallets': {
    who: 'public',
    scope: 'global',
    rule: 'Campaigns: anyone reads the wallets that pay a campaign (its page, a pay link)',
    input: async (cell) => ({ campaignId: (await campaignOf(cell)).id }),
  },
  'POST /_api/campaigns/link': {
    who: SHOPPERS,
    scope: 'own-records',
    rule: 'Campaigns: a client issues a new pay link for its own reservation only',
    input: async (cell) => {
      const own = cell.cc === cell.caller.cc && !cell.neighbour && cell.reaches && cell.caller.id !== null
      const r = await heldReservation(cell, own ? cell.caller.id! : cell.f[cell.cc].customer.id)
      return { reservationId: r.id }
    },
  },
  'POST /_api/admin/campaigns/link': {
    who: STAFF,
    scope: 'country',
    rule: 'Campaigns: staff issue a new pay link for their own country’s reservations, root any',
    input: async (cell) => ({ reservationId: (await heldReservation(cell, cell.f[cell.cc].customer.id)).id }),
  },
  'GET /_api/admin/campaigns': {
    who: STAFF,
    scope: 'list',
    rule: 'Campaigns: staff list their country’s campaigns, root all',
    input: async (cell) => {
      await campaignOf(cell)
      return { countryId: cell.f[cell.cc].country.id }
    },
    listed: (b) => ({ kind: 'campaign', ids: ids(b.campaigns) }),
  },
  'POST /_api/admin/campaigns/create': {
    who: STAFF,
    scope: 'forced-own',
    rule: 'Campaigns: staff create in their own country, root in any',
    input: ({ f, cc }) => ({ countryId: f[cc].country.id, name: `Korité ${++n}`, ...window() }),
    created: (b) => (b.campaign as { countryId: number }).countryId,
  },
  'POST /_api/admin/campaigns/update': {
    who: STAFF,
    scope: 'country',
    rule: 'Campaigns: staff edit their own country’s campaigns, root any',
    input: async (cell) => ({ campaignId: (await campaignOf(cell)).id, name: `Tabaski ${++n}`, ...window() }),
  },
  'POST /_api/admin/campaigns/animals/create': {
    who: STAFF,
    scope: 'country',
    rule: 'Campaigns: staff add animals to their own country’s campaigns, root any',
    input: async (cell) => ({
      campaignId: (await campaignOf(cell)).id,
      tag: `A-${++n}`,
      breed: 'Touabire',
      weightKg: 55,
      price: 120_000,
    }),
  },
  'POST /_api/admin/campaigns/animals/update': {
    who: STAFF,
    scope: 'country',
    rule: 'Campaigns: staff edit their own country’s animals, root any',
    input: async (cell) => ({
      animalId: (await animalOf(cell)).id,
      tag: `U-${++n}`,
      breed: 'Bali-Bali',
      weightKg: 70,
      price: 100_000,
    }),
  },
  'POST /_api/admin/campaigns/shares/create': {
    who: STAFF,
    scope: 'country',
    rule: 'Campaigns: staff add shares to their own country’s campaigns, root any',
    input: async (cell) => ({
      campaignId: (await campaignOf(cell)).id,
      name: 'Une moitié',
      price: 60_000,
      stock: 4,
    }),
  },
  'POST /_api/admin/campaigns/slots/create': {
    who: STAFF,
    scope: 'country',
    rule: 'Campaigns: staff add slots to their own country’s campaigns, root any',
    input: async (cell) => ({
      campaignId: (await campaignOf(cell)).id,
      kind: 'collection',
      startsAt: new Date(Date.now() + DAY).toISOString(),
      endsAt: new Date(Date.now() + DAY + 3_600_000).toISOString(),
      capacity: 20,
    }),
  },
  'GET /_api/admin/campaigns/reservations': {
    who: STAFF,
    scope: 'country',
    rule: 'Campaigns: staff read their own country’s reservations, root any',
    input: async (cell) => ({ campaignId: (await campaignOf(cell)).id }),
  },
}
