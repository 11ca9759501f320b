import { shopCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { handOver } from '@/server/services/orders/pickup'

export default defineEndpoint({
  call: shopCalls.handOver,
  roles: ['root', 'super_admin', 'admin'],
  summary:
    'Hand a ready pickup order over at the counter: its 4-digit code (5 wrong ones lock it), paid in cash or by mobile money',
  async handler({ input, user, db, deps }) {
    return { order: await handOver(db, user, input, deps.storefrontCache) }
  },
})
