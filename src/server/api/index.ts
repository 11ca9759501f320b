import type { Endpoint } from '../http/define-endpoint'
import contactMessagesDelete from './admin/contact-messages/delete'
import contactMessagesList from './admin/contact-messages/list'
import contactMessagesUpdateStatus from './admin/contact-messages/update-status'
import createDeliveryDriver from './admin/create-delivery-driver'
import createSuperAdmin from './admin/create-super-admin'
import createUser from './admin/create-user'
import superAdmins from './admin/super-admins'
import userHistory from './admin/userhistory'
import usersList from './admin/users/list'
import usersSetDiscount from './admin/users/set-discount'
import usersToggleStatus from './admin/users/toggle-status'
import usersUpdate from './admin/users/update'
import login from './auth/login-with-password'
import logout from './auth/logout'
import register from './auth/register-with-password'
import session from './auth/session'
import dashboardAdmin from './dashboard/admin'
import dashboardRoot from './dashboard/root'
import countries from './places/countries'
// issue 3: storefront and ordering
import productCategories from './catalogue/product-categories'
import featured from './catalogue/featured'
import products from './catalogue/products'
import sendContact from './contact/send'
import clientDashboard from './dashboard/client'
import createOrder from './orders/create'
import orderDetails from './orders/details'
import clientOrders from './orders/list'
import cities from './places/cities'
import zonesByCity from './places/zones-by-city'
// issue 4: back-office places and catalogue
import adminCities from './admin/cities/list'
import adminCityCreate from './admin/cities/create'
import adminCityUpdate from './admin/cities/update'
import adminCountries from './admin/countries/list'
import adminCountryCreate from './admin/countries/create'
import adminCountryUpdate from './admin/countries/update'
import adminProductStats from './admin/product-stats-by-country'
import adminProducts from './admin/products/list'
import adminProductCreate from './admin/products/create'
import adminProductUpdate from './admin/products/update'
import adminProductDelete from './admin/products/delete'
import adminProductBulk from './admin/products/bulk-actions'
import adminZones from './admin/zones/list'
import adminZoneCreate from './admin/zones/create'
import adminZoneUpdate from './admin/zones/update'
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
  // issue 6: people and oversight
  usersList,
  createUser,
  createDeliveryDriver,
  createSuperAdmin,
  superAdmins,
  usersUpdate,
  usersToggleStatus,
  usersSetDiscount,
  userHistory,
  dashboardAdmin,
  dashboardRoot,
  contactMessagesList,
  contactMessagesUpdateStatus,
  contactMessagesDelete,
  // issue 3: storefront and ordering
  featured,
  products,
  productCategories,
  cities,
  zonesByCity,
  createOrder,
  orderDetails,
  clientOrders,
  clientDashboard,
  sendContact,
  // issue 4
  adminCountries,
  adminCountryCreate,
  adminCountryUpdate,
  adminCities,
  adminCityCreate,
  adminCityUpdate,
  adminZones,
  adminZoneCreate,
  adminZoneUpdate,
  adminProducts,
  adminProductCreate,
  adminProductUpdate,
  adminProductDelete,
  adminProductBulk,
  adminProductStats,
  // issue 5: orders and delivery
  adminOrders,
  updateOrderStatus,
  orderDetailsAdmin,
  drivers,
  assignDriver,
  deliveryDashboard,
  confirmDelivery,
] as unknown as readonly Endpoint[]
