// One area's calls (docs/architecture.md "One contract"). The browser imports only the areas a
// page needs, so the storefront's first load carries the storefront's schemas alone.
import { noInput } from '../schemas/common'
import { deliveryDashboard } from '../schemas/dashboards'
import { confirmDeliveryInput, orderAnswer } from '../schemas/orders'
import { defineCall } from './define-call'

export const deliveryCalls = {
  dashboard: defineCall({
    method: 'GET',
    path: '/_api/dashboard/delivery',
    input: noInput,
    output: deliveryDashboard,
  }),
  confirm: defineCall({
    method: 'POST',
    path: '/_api/delivery/confirm',
    input: confirmDeliveryInput,
    output: orderAnswer,
  }),
}
