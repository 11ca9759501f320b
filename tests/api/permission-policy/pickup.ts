import { eq } from 'drizzle-orm'
import { orders, shops } from '../../../src/server/db/schema'
import type { MatrixFixtures } from '../permission-fixtures'
import { MANAGERS, SHOPPERS, STAFF, ids, type Cc, type Cell, type Policy } from './shared'
import { createOrder } from '../../factories'

// Its own counter: the shared one also names the countries' codes, which repeat after 78 calls.
let shopNumber = 0
const next = () => ++shopNumber

/** A shop of country cc's fixture city, made for one call (docs/rules/pickup.md#shops). */
const freshShop = async (f: MatrixFixtures, cc: Cc) => {
  const [row] = await f.db
    .insert(shops)
    .values({
      countryId: f[cc].country.id,
      cityId: f[cc].city.id,
      name: `Boutique ${next()}`,
      address: 'Rue 1',
      hours: 'Lun–sam 8:00–19:00',
    })
    .returning({ id: shops.id })
  return row!.id
}

/** A pickup order of country cc's customer, ready to collect, its code 1234 (fixture order when the role is refused). */
const readyPickup = async ({ f, cc, reaches }: Cell) => {
  if (!reaches) return f[cc].order
  const order = await createOrder(f.db, {
    user: f[cc].customer,
    status: 'in_delivery',
    lines: [{ price: 3000, quantity: 1, unitType: 'unit' }],
  })
  await f.db
    .update(orders)
    .set({ fulfilment: 'pickup', shopId: await freshShop(f, cc), pickupCode: '1234', zoneId: null })
    .where(eq(orders.id, order.id))
  return order
}

// ---- collection at the shop (docs/rules/pickup.md): shops kept by root and the country's super admin;
// the counter ("À retirer", the hand-over) is every staff member's of the country.
export const pickupPolicies: Record<string, Policy> = {
  'GET /_api/shops': {
    who: SHOPPERS,
    scope: 'global',
    rule: 'Checkout: the active shops of a city where an order may be collected',
    input: ({ f, cc }) => ({ cityId: f[cc].city.id }),
  },
  'GET /_api/admin/shops': {
    who: MANAGERS,
    scope: 'list',
    rule: 'Who may do what: shops: root all, super_admin own country',
    input: async ({ f, cc }) => {
      await freshShop(f, cc)
      return {}
    },
    listed: (b) => ({ kind: 'shop', ids: ids(b.shops) }),
  },
  'POST /_api/admin/shops': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: shops create: root all, super_admin own country',
    input: ({ f, cc }) => ({
      cityId: f[cc].city.id,
      name: `Boutique ${next()}`,
      address: 'Rue 2',
      hours: 'Tous les jours 9:00–18:00',
    }),
  },
  'POST /_api/admin/shops/update': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: shops edit: root all, super_admin own country',
    input: async ({ f, cc }) => ({
      id: await freshShop(f, cc),
      name: `Boutique ${next()}`,
      address: 'Rue 3',
      hours: 'Lun–ven 8:00–18:00',
    }),
  },
  'GET /_api/admin/pickups': {
    who: STAFF,
    scope: 'list',
    rule: 'Who may do what: "À retirer": staff of the country, root all',
    input: async (cell) => {
      await readyPickup(cell)
      return {}
    },
    listed: (b) => ({ kind: 'order', ids: ids(b.orders) }),
  },
  'POST /_api/admin/pickups/hand-over': {
    who: STAFF,
    scope: 'country',
    rule: 'Who may do what: hand a pickup order over with its code: staff of the country, root all',
    input: async (cell) => ({ orderId: (await readyPickup(cell)).id, code: '1234', payment: 'cash' }),
  },
  'POST /_api/admin/pickups/payments/start': {
    who: STAFF,
    scope: 'country',
    rule: 'Who may do what: the counter’s mobile money QR: staff of the country, root all',
    input: async (cell) => ({ orderId: (await readyPickup(cell)).id }),
  },
  'POST /_api/admin/pickups/reset-code': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: reopen a hand-over locked by wrong codes: root all, super_admin own country',
    input: async (cell) => ({ orderId: (await readyPickup(cell)).id }),
  },
}
