import { shopCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { adminShops } from '@/server/services/delivery/shops'

export default defineEndpoint({
  call: shopCalls.adminShops,
  roles: ['root', 'super_admin'],
  summary: 'The shops where clients collect orders: root every country’s, a super_admin its own',
  async handler({ user, db }) {
    return { shops: await adminShops(db, user) }
  },
})
