import { deliveryCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { eveDeliveriesOf } from '@/server/services/campaigns/eve'
import { driverCash } from '@/server/services/money/cash'
import { driverOrders } from '@/server/services/orders/order-admin'
import { notYetLeftStatuses } from '@/shared/domain/order-status'

/** How many delivered orders the driver's dashboard lists (the most recent). */
const DELIVERED_SHOWN = 50

export default defineEndpoint({
  call: deliveryCalls.dashboard,
  roles: ['delivery_driver'],
  summary:
    'The signed-in driver’s orders (in delivery, then assigned not yet left, by delivery slot; the latest delivered) and its cash',
  async handler({ user, db }) {
    const inDeliveryOrders = await driverOrders(db, user.id, ['in_delivery'], 200, true)
    // docs/rules/delivery.md#the-drivers-round: assigned, not yet left (labelled by their status).
    const assignedOrders = await driverOrders(db, user.id, [...notYetLeftStatuses], 200, true)
    const deliveredOrders = await driverOrders(db, user.id, ['delivered'], DELIVERED_SHOWN)
    const cash = await driverCash(db, user.id, inDeliveryOrders, deliveredOrders)
    // docs/rules/campaigns-operations.md#delivery-on-the-eve: the feast's animals given to it.
    const eveDeliveries = await eveDeliveriesOf(db, user.id)
    return { inDeliveryOrders, assignedOrders, deliveredOrders, cash, eveDeliveries }
  },
})
