import { shopCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { updateShop } from '@/server/services/delivery/shops'

export default defineEndpoint({
  call: shopCalls.updateShop,
  roles: ['root', 'super_admin'],
  summary: 'Change a shop (or deactivate it): root anywhere, a super_admin in its country',
  async handler({ input, user, db }) {
    return { shop: await updateShop(db, user, input) }
  },
})
