import { eq } from 'drizzle-orm'
import { orderItems, orders } from '../../../src/server/db/schema'
import { awaitingAgreement, createOrder } from '../../factories'
import { STAFF, ROOT, partlyPaidOrder, ids, csvIds, freshOrder, type Policy } from './shared'

/** Orders, dashboards and drivers' cash, for staff. */
export const staffPolicies: Record<string, Policy> = {
  // ---- orders (staff) ----------------------------------------------------------------------
  'GET /_api/admin/orders': {
    who: STAFF,
    scope: 'list',
    rule: 'Who may do what: orders list: root all, super_admin and admin own country',
    input: ({ f, cc }) => ({ country: f[cc].country.name }),
    listed: (b) => ({ kind: 'order', ids: ids(b.orders) }),
  },
  'GET /_api/admin/orders/export': {
    who: STAFF,
    scope: 'list',
    rule: 'Who may do what: orders list (its CSV export): root all, super_admin and admin own country',
    input: ({ f, cc }) => ({ country: f[cc].country.name }),
    listed: (b) => ({ kind: 'order', ids: csvIds(b) }),
  },
  'GET /_api/orderdetails': {
    who: STAFF,
    scope: 'country',
    rule: 'Who may do what: orders detail: root all, super_admin and admin own country',
    input: ({ f, cc }) => ({ orderId: f[cc].order.id }),
  },
  'GET /_api/admin/orders/messages': {
    who: STAFF,
    scope: 'country',
    rule: 'Messages: staff of the order’s country read what the client was told',
    input: ({ f, cc }) => ({ orderId: f[cc].order.id }),
  },
  'GET /_api/live/orders': {
    who: [...STAFF, 'delivery_driver'],
    // What each stream carries (its country, a driver's own orders) is proved by tests/api/live-orders.test.ts.
    scope: 'global',
    rule: 'Live orders: staff their country (root all), a driver its own orders',
    input: () => ({}),
  },
  'POST /_api/admin/orders/update-status': {
    who: STAFF,
    scope: 'country',
    rule: 'Who may do what: order status change: root all, super_admin and admin own country',
    input: async (cell) => ({ orderId: (await freshOrder(cell)).id, status: 'in_preparation' }),
  },
  'POST /_api/admin/orders/weigh': {
    who: STAFF,
    scope: 'country',
    rule: 'Weigh-in: staff of the order’s country weigh its kg lines while it is in preparation',
    input: async ({ f, cc, reaches }) => {
      const order = reaches
        ? await createOrder(f.db, { user: f[cc].customer, status: 'in_preparation' })
        : f[cc].order
      const [item] = await f.db.select().from(orderItems).where(eq(orderItems.orderId, order.id))
      return { orderId: order.id, lines: [{ itemId: item!.id, weighedQuantity: 2.05 }] }
    },
  },
  'POST /_api/admin/orders/record-agreement': {
    who: STAFF,
    scope: 'country',
    rule: 'Weigh-in: staff of the order’s country record an agreement given by phone',
    input: async ({ f, cc, reaches }) => {
      const order = reaches ? await awaitingAgreement(f.db, { user: f[cc].customer }) : f[cc].order
      return { orderId: order.id, total: order.totalAmount }
    },
  },
  'POST /_api/admin/orders/resend-confirm-link': {
    who: STAFF,
    scope: 'country',
    rule: 'Confirmation (docs/rules/confirmation.md#confirmation): staff of the order’s country send the client a new SMS link',
    input: async (cell) => {
      const order = await freshOrder(cell)
      if (cell.reaches)
        await cell.f.db.update(orders).set({ needsConfirmation: true }).where(eq(orders.id, order.id))
      return { orderId: order.id }
    },
  },
  'POST /_api/admin/orders/confirm-by-phone': {
    who: STAFF,
    scope: 'country',
    rule: 'Confirmation (docs/rules/confirmation.md#confirmation): staff of the order’s country record the client’s word given by phone',
    input: async (cell) => {
      const order = await freshOrder(cell)
      if (cell.reaches)
        await cell.f.db.update(orders).set({ needsConfirmation: true }).where(eq(orders.id, order.id))
      return { orderId: order.id }
    },
  },
  'GET /_api/admin/orders/phone-record': {
    who: STAFF,
    scope: 'country',
    rule: 'Refused at the door (docs/rules/confirmation.md#refused-at-the-door): staff of the order’s country read its phone’s counts',
    input: ({ f, cc }) => ({ orderId: f[cc].order.id }),
  },
  'GET /_api/drivers': {
    who: STAFF,
    scope: 'country',
    rule: "Who may do what: driver assignment: root all, super_admin and admin own country (drivers of the order's country)",
    input: ({ f, cc }) => ({ orderId: f[cc].order.id }),
    listed: (b) => ({ kind: 'user', ids: ids(b.drivers) }),
  },
  'POST /_api/assigndriver': {
    who: STAFF,
    scope: 'country',
    rule: 'Who may do what: driver assignment: root all, super_admin and admin own country',
    input: async (cell) => ({ orderId: (await freshOrder(cell)).id, driverId: cell.f[cell.cc].driver.id }),
  },
  // ---- dashboards (staff) ------------------------------------------------------------------
  'GET /_api/dashboard/admin': {
    who: STAFF,
    scope: 'list',
    rule: "Who may do what: admin dashboard (super_admin; /dashboard shows it to admin too, docs/rules/people.md#pages-and-homes): figures of the caller's country, root all",
    input: () => ({}),
    listed: (b) => ({ kind: 'order', ids: ids(b.recentOrders) }),
  },
  'GET /_api/dashboard/root': {
    who: ROOT,
    scope: 'global',
    rule: 'Who may do what: root dashboard: root',
    input: ({ f, cc }) => ({ countryId: f[cc].country.id }),
  },
  'GET /_api/dashboard/trend': {
    who: STAFF,
    scope: 'country',
    rule: "Who may do what: dashboards: figures of the caller's country, root all or one",
    input: ({ f, cc }) => ({ days: 7, countryId: f[cc].country.id }),
  },
  // ---- drivers' cash (staff) ---------------------------------------------------------------
  'GET /_api/admin/cash/report': {
    who: STAFF,
    scope: 'country',
    rule: 'Who may do what (docs/rules/money.md#drivers-cash): the daily cash report: root any country, super_admin and admin their own',
    input: ({ f, cc }) => ({ countryId: f[cc].country.id }),
  },
  'GET /_api/admin/cash/report/export': {
    who: STAFF,
    scope: 'country',
    rule: 'Who may do what (docs/rules/money.md#reports): the daily cash report as CSV: root any country, super_admin and admin their own',
    input: ({ f, cc }) => ({ countryId: f[cc].country.id }),
  },
  'POST /_api/admin/orders/collect-rest': {
    who: STAFF,
    scope: 'country',
    rule: 'Partly paid orders (docs/rules/money.md#partly-paid): staff record the rest of an order of their country',
    input: async ({ f, cc, reaches }) => ({
      orderId: reaches ? (await partlyPaidOrder(f, cc, f[cc].driver.id)).id : f[cc].order.id,
    }),
  },
  'POST /_api/admin/cash/handover': {
    who: STAFF,
    scope: 'country',
    rule: "Who may do what (docs/rules/money.md#drivers-cash): a driver's handover: root any driver, super_admin and admin their country's",
    input: ({ f, cc }) => ({ driverId: f[cc].driver.id, amount: 1000 }),
  },
  'POST /_api/admin/cash/correction': {
    who: STAFF,
    scope: 'country',
    rule: "Who may do what (docs/rules/money.md#drivers-cash): a correction of a driver's cash: root any driver, super_admin and admin their country's",
    input: ({ f, cc }) => ({ driverId: f[cc].driver.id, amount: 500, reason: 'Erreur de saisie' }),
  },
}
