import { campaignShares, campaignSlots } from '../../../src/server/db/schema'
import { animalOf, campaignOf } from './campaigns'
import type { Cell, Policy } from './shared'

// The staff's setup of a campaign and its board in the permission matrix
// (docs/rules/campaigns.md#who-may-do-what, docs/rules/campaigns-staff.md).

const STAFF = ['root', 'super_admin', 'admin'] as const
const DAY = 86_400_000

async function shareOf(cell: Cell) {
  const c = await campaignOf(cell)
  const [s] = await cell.f.db
    .insert(campaignShares)
    .values({ campaignId: c.id, name: 'Un quart', price: 40_000, stock: 5 })
    .returning()
  return s!
}
async function slotOf(cell: Cell) {
  const c = await campaignOf(cell)
  const [s] = await cell.f.db
    .insert(campaignSlots)
    .values({
      campaignId: c.id,
      kind: 'delivery',
      startsAt: new Date(Date.now() + DAY),
      endsAt: new Date(Date.now() + DAY + 3_600_000),
      capacity: 10,
    })
    .returning()
  return s!
}

export const campaignSetupPolicies: Record<string, Policy> = {
  'GET /_api/admin/campaigns/detail': {
    who: STAFF,
    scope: 'country',
    rule: 'Campaigns: staff read their own country’s campaign whole, root any',
    input: async (cell) => ({ campaignId: (await campaignOf(cell)).id }),
  },
  'POST /_api/admin/campaigns/shares/update': {
    who: STAFF,
    scope: 'country',
    rule: 'Campaigns: staff edit their own country’s shares, root any',
    input: async (cell) => ({
      shareId: (await shareOf(cell)).id,
      name: 'Une moitié',
      price: 70_000,
      stock: 3,
    }),
  },
  'POST /_api/admin/campaigns/slots/update': {
    who: STAFF,
    scope: 'country',
    rule: 'Campaigns: staff edit their own country’s slots, root any',
    input: async (cell) => ({
      slotId: (await slotOf(cell)).id,
      kind: 'collection',
      startsAt: new Date(Date.now() + 2 * DAY).toISOString(),
      endsAt: new Date(Date.now() + 2 * DAY + 3_600_000).toISOString(),
      capacity: 12,
      price: 1_000,
    }),
  },
  'POST /_api/admin/campaigns/animals/photo': {
    who: STAFF,
    scope: 'country',
    rule: 'Campaigns: staff give photos to their own country’s animals, root any (a photo is an edit)',
    input: async (cell) => ({ animalId: (await animalOf(cell)).id }),
  },
  'POST /_api/admin/campaigns/animals/photo/remove': {
    who: STAFF,
    scope: 'country',
    rule: 'Campaigns: staff take photos off their own country’s animals, root any',
    input: async (cell) => ({ animalId: (await animalOf(cell)).id, key: 'a'.repeat(32) }),
  },
  'GET /_api/admin/campaigns/board': {
    who: STAFF,
    scope: 'country',
    rule: 'Campaigns: staff read their own country’s campaign board, root any',
    input: async (cell) => ({ campaignId: (await campaignOf(cell)).id }),
  },
}
