import { paymentAttempts } from '../../../src/server/db/schema'
import { createOrder } from '../../factories'
import { ordersClient, SHOPPERS, STAFF, type Policy } from './shared'

// ---- store credit (docs/rules/store-credit.md): a client reads its own and takes a cancelled
// order's refund as credit; staff read and grant their country's clients'.
export const creditPolicies: Record<string, Policy> = {
  'GET /_api/account/credit': {
    who: SHOPPERS,
    scope: 'global',
    rule: "Who may do what: store credit: a client's own read",
    input: () => ({}),
  },
  'POST /_api/orders/refund-to-credit': {
    who: SHOPPERS,
    scope: 'own-records',
    rule: "Who may do what: store credit: a cancelled order's refund taken as credit, its own order",
    input: async (cell) => {
      const { f, cc } = cell
      const user = ordersClient(cell)
      // A cancelled order whose CinetPay payment is still to be given back by hand.
      const order = await createOrder(f.db, { user, status: 'cancelled' })
      await f.db.insert(paymentAttempts).values({
        orderId: order.id,
        reference: `MATRICE-${order.id}`,
        provider: 'cinetpay',
        wallet: 'Orange Money',
        countryCode: cc,
        amount: order.totalAmount,
        currency: 'XOF',
        status: 'paid',
        refundStatus: 'to_do',
        expiresAt: new Date(),
        nextCheckAt: new Date(),
      })
      return { orderId: order.id }
    },
  },
  'GET /_api/admin/users/credit': {
    who: STAFF,
    scope: 'country',
    rule: "Who may do what: store credit: a client's read, own country's clients",
    input: ({ f, cc }) => ({ userId: f[cc].customer.id }),
  },
  'POST /_api/admin/users/credit': {
    who: STAFF,
    scope: 'country',
    rule: "Who may do what: store credit: granted or withdrawn, own country's clients",
    input: ({ f, cc }) => ({ userId: f[cc].customer.id, amount: 500, reason: 'Geste de la boutique' }),
  },
}
