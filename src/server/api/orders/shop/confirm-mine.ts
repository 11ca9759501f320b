import { orderCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { mustExist } from '@/server/http/errors'
import { confirmAsOwner } from '@/server/services/orders/confirm-link'
import { loadOrder } from '@/server/services/orders/orders'
import { withPickupCode } from '@/server/services/orders/pickup'

export default defineEndpoint({
  call: orderCalls.confirmMine,
  roles: ['client', 'user'],
  summary:
    'The client confirms its own order waiting for its confirmation, from its order page (another’s answers 404; confirmed already, cancelled or nothing to confirm 409); its SMS link stops working',
  async handler({ input, user, db }) {
    await confirmAsOwner(db, user.id, input.orderId)
    return { order: await withPickupCode(db, mustExist(await loadOrder(db, input.orderId))) }
  },
})
