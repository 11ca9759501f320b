import { orderCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { findOrderInScope } from '@/server/services/orders/order-admin'
import { weighOrder } from '@/server/services/orders/weighin'
import { messageOrigin } from '@/server/web/site-files'

export default defineEndpoint({
  call: orderCalls.weigh,
  roles: ['root', 'super_admin', 'admin'],
  summary: 'Weighs kg lines of an order in preparation and prices it again (docs/rules/orders.md#weigh-in)',
  async handler({ input, user, db, deps, req }) {
    await findOrderInScope(db, user, input.orderId)
    // docs/rules/orders.md#messages: the weigh-in's message links to the order's page, absolute.
    const origin = messageOrigin(deps.config, req)
    return { order: await weighOrder(db, user.id, input.orderId, input.lines, origin) }
  },
})
