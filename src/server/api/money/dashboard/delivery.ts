import { deliveryCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { driverCash } from '@/server/services/money/cash'
import { driverOrders } from '@/server/services/orders/order-admin'

/** How many delivered orders the driver's dashboard lists (the most recent). */
const DELIVERED_SHOWN = 50

export default defineEndpoint({
  call: deliveryCalls.dashboard,
  roles: ['delivery_driver'],
  summary: 'The signed-in driver’s orders (in delivery by delivery slot, the latest delivered) and its cash',
  async handler({ user, db }) {
    const inDeliveryOrders = await driverOrders(db, user.id, ['in_delivery'], 200, true)
    const deliveredOrders = await driverOrders(db, user.id, ['delivered'], DELIVERED_SHOWN)
    const cash = await driverCash(db, user.id, inDeliveryOrders, deliveredOrders)
    return { inDeliveryOrders, deliveredOrders, cash }
  },
})
