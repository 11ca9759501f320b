import type { Endpoint } from '../http/define-endpoint'
import login from './auth/login-with-password'
import logout from './auth/logout'
import register from './auth/register-with-password'
import session from './auth/session'
import countries from './places/countries'
// issue 5: orders and delivery
import adminOrders from './admin/orders/list'
import updateOrderStatus from './admin/orders/update-status'
import deliveryDashboard from './dashboard/delivery'
import confirmDelivery from './delivery/confirm'
import assignDriver from './orders/assign-driver'
import drivers from './orders/drivers'
import orderDetailsAdmin from './orders/order-details-admin'

/**
 * Every endpoint of the API, in one list: the kernel registers them and the permission tests
 * walk them. A test fails when a file under api/ is missing from here.
 */
export const endpoints: readonly Endpoint[] = [
  session,
  login,
  logout,
  register,
  countries,
  // issue 5: orders and delivery
  adminOrders,
  updateOrderStatus,
  orderDetailsAdmin,
  drivers,
  assignDriver,
  deliveryDashboard,
  confirmDelivery,
] as unknown as readonly Endpoint[]
