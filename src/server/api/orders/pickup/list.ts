import { shopCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { readyPickups } from '@/server/services/orders/pickup'

export default defineEndpoint({
  call: shopCalls.pickups,
  roles: ['root', 'super_admin', 'admin'],
  summary: '"À retirer": the pickup orders ready to collect in the caller’s country (never their codes)',
  async handler({ user, db }) {
    return { orders: await readyPickups(db, user) }
  },
})
