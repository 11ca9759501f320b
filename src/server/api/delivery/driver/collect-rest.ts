import { deliveryCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { collectRest } from '@/server/services/money/partly-paid'

export default defineEndpoint({
  call: deliveryCalls.collectRest,
  roles: ['delivery_driver'],
  summary:
    'The driver collects the rest of its delivered, partly paid order (another amount with a reason): recorded in its cash',
  async handler({ input, user, db }) {
    return { order: await collectRest(db, user, input) }
  },
})
