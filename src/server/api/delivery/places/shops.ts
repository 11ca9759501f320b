import { shopCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { cityShops } from '@/server/services/delivery/shops'

export default defineEndpoint({
  call: shopCalls.shops,
  roles: ['client', 'user'],
  summary: 'The active shops of a city where a client may collect its order (docs/rules/pickup.md#shops)',
  async handler({ input, db }) {
    return { shops: await cityShops(db, input.cityId) }
  },
})
