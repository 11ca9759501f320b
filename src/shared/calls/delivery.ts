// One area's calls (docs/architecture.md "One contract"). The browser imports only the areas a
// page needs, so the storefront's first load carries the storefront's schemas alone.
import { noInput } from '../schemas/common'
import { deliveryDashboard } from '../schemas/dashboards'
import { confirmDeliveryInput, orderAnswer } from '../schemas/orders'
import { collectRestInput } from '../schemas/cash'
import { eveDeliveredAnswer, eveDeliveredInput } from '../schemas/campaign-eve'
import { refuseAtDoorInput } from '../schemas/confirmation'
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
  /** docs/rules/money.md#partly-paid: the driver collects the rest of its partly paid order. */
  collectRest: defineCall({
    method: 'POST',
    path: '/_api/delivery/collect-rest',
    input: collectRestInput,
    output: orderAnswer,
  }),
  /** docs/rules/confirmation.md#refused-at-the-door: the driver's "Refusé à la porte", with a reason. */
  refuse: defineCall({
    method: 'POST',
    path: '/_api/delivery/refuse',
    input: refuseAtDoorInput,
    output: orderAnswer,
  }),
  /** docs/rules/campaigns-operations.md#delivery-on-the-eve: the driver delivers a feast's animal. */
  eveDelivered: defineCall({
    method: 'POST',
    path: '/_api/delivery/campaign-delivered',
    input: eveDeliveredInput,
    output: eveDeliveredAnswer,
  }),
}
