import { paymentAttempts } from '../../../src/server/db/schema'
import { createOrder } from '../../factories'
import { STAFF, SHOPPERS, DRIVER, next, freshOrder, payableOrder, type Policy } from './shared'

/** Payments (docs/rules/money.md#payments). */
export const paymentPolicies: Record<string, Policy> = {
  // ---- payments (docs/rules/money.md#payments) -----------------------------------------------------
  'GET /_api/payments/wallets': {
    who: SHOPPERS,
    scope: 'global',
    rule: 'Payments: a client sees the mobile money wallets of its own country',
    input: () => ({}),
  },
  'POST /_api/payments/start': {
    who: SHOPPERS,
    scope: 'own-records',
    rule: 'Payments: a client pays its own order by mobile money',
    input: async (cell) => ({ orderId: (await payableOrder(cell)).id, wallet: 'Orange Money' }),
  },
  'GET /_api/payments/status': {
    who: SHOPPERS,
    scope: 'own-records',
    rule: 'Payments: a client follows the payment of its own order',
    input: async (cell) => ({ orderId: (await payableOrder(cell)).id }),
  },
  'POST /_api/payments/method': {
    who: SHOPPERS,
    scope: 'own-records',
    rule: 'Payments: a client switches its own unpaid order to cash or mobile money',
    input: async (cell) => ({ orderId: (await payableOrder(cell)).id, method: 'cash' }),
  },
  'POST /_api/delivery/payments/start': {
    who: DRIVER,
    scope: 'own-records',
    rule: 'Payments: at the door, the assigned driver has its order in delivery paid by mobile money',
    input: async (cell) => {
      const { f, caller, cc, neighbour, reaches } = cell
      const driverId =
        cc === caller.cc && !neighbour && caller.role === 'delivery_driver' ? caller.id! : f[cc].driver.id
      const order = reaches
        ? await createOrder(f.db, {
            user: f[cc].customer,
            status: 'in_delivery',
            driverId,
            lines: [{ price: 3000, quantity: 1, unitType: 'unit' }],
          })
        : f[cc].order
      return { orderId: order.id }
    },
  },
  'GET /_api/delivery/payments/status': {
    who: DRIVER,
    scope: 'own-records',
    rule: 'Payments: the assigned driver follows the payment at the door',
    input: async (cell) => {
      const { f, caller, cc, neighbour } = cell
      const driverId =
        cc === caller.cc && !neighbour && caller.role === 'delivery_driver' ? caller.id! : f[cc].driver.id
      return { orderId: (await freshOrder(cell, { status: 'in_delivery', driverId })).id }
    },
  },
  'GET /_api/admin/orders/payments': {
    who: STAFF,
    scope: 'country',
    rule: 'Payments: staff of the order’s country see its attempts and payment events',
    input: ({ f, cc }) => ({ orderId: f[cc].order.id }),
  },
  'POST /_api/admin/orders/payment-cash': {
    who: STAFF,
    scope: 'country',
    rule: 'Payments: staff of the order’s country switch it to cash, with a reason',
    input: async (cell) => ({ orderId: (await freshOrder(cell)).id, reason: 'Payé en espèces à la porte' }),
  },
  'POST /_api/admin/orders/refund-done': {
    who: STAFF,
    scope: 'country',
    rule: 'Payments: staff of the order’s country record a refund made by hand',
    input: async (cell) => {
      const order = await freshOrder(cell)
      if (!cell.reaches) return { orderId: order.id, attemptId: 1 }
      const [a] = await cell.f.db
        .insert(paymentAttempts)
        .values({
          orderId: order.id,
          reference: `MATRIX${next()}`,
          provider: 'cinetpay',
          countryCode: cell.cc,
          amount: 1000,
          currency: 'XOF',
          status: 'paid',
          refundStatus: 'to_do',
          expiresAt: new Date(),
          nextCheckAt: new Date(),
        })
        .returning()
      return { orderId: order.id, attemptId: a!.id }
    },
  },
  'GET /_api/admin/payments/reconciliation': {
    who: STAFF,
    scope: 'country',
    rule: 'Payments: the reconciliation view: root any country, super_admin and admin their own',
    input: ({ f, cc }) => ({ countryId: f[cc].country.id }),
  },
}
