import { shopCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { createShop } from '@/server/services/delivery/shops'

export default defineEndpoint({
  call: shopCalls.createShop,
  roles: ['root', 'super_admin'],
  summary:
    'Create a shop in a city (name, address, map point, hours, phone): root anywhere, a super_admin in its country',
  async handler({ input, user, db, reply }) {
    const shop = await createShop(db, user, input)
    reply.status(201)
    return { shop }
  },
})
