import { deliveryCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { refuseAtDoor } from '@/server/services/orders/door-refusal'

export default defineEndpoint({
  call: deliveryCalls.refuse,
  roles: ['delivery_driver'],
  summary:
    'The assigned driver records its in_delivery order refused at the door, with a reason: cancelled, and counted against the delivery phone',
  async handler({ input, user, db, deps }) {
    const order = await refuseAtDoor(db, user.id, input)
    // The cancel gave back what the order drew from daily stock (docs/rules/catalogue.md#stock).
    await deps.storefrontCache.afterWrite()
    return { order }
  },
})
