import { adminOrdersQuery } from '../../../../shared/schemas/orders'
import { defineEndpoint } from '../../../http/define-endpoint'
import { listAdminOrders } from '../../../services/order-admin'

export default defineEndpoint({
  method: 'GET',
  path: '/_api/admin/orders',
  input: adminOrdersQuery,
  roles: ['root', 'super_admin', 'admin'],
  summary: 'Orders of the caller’s country (root: all, or ?country), filtered and paged, newest first',
  async handler({ input, user, db }) {
    return listAdminOrders(db, user, input)
  },
})
