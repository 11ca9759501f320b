import { clientOrdersQuery } from '../../../shared/schemas/checkout'
import { defineEndpoint } from '../../http/define-endpoint'
import { findClientOrders } from '../../services/client-orders'

export default defineEndpoint({
  method: 'GET',
  path: '/_api/orders',
  input: clientOrdersQuery,
  roles: ['client', 'user'],
  summary: "The caller's own orders, newest first, by order number or product name and status",
  async handler({ input, user, db }) {
    return { orders: await findClientOrders(db, user.id, input) }
  },
})
