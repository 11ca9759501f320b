import type { Endpoint } from '../http/define-endpoint'
import paymentWallets from './payments/wallets'
import paymentStart from './payments/start'
import paymentStatus from './payments/status'
import paymentMethod from './payments/method'
import paymentDriverStart from './payments/driver-start'
import paymentDriverStatus from './payments/driver-status'
import orderPaymentsAdmin from './admin/orders/payments'
import orderPaymentCash from './admin/orders/payment-cash'
import orderRefundDone from './admin/orders/refund-done'
import paymentReconciliation from './admin/payments/reconciliation'
import cashCorrection from './admin/cash/correction'
import cashHandover from './admin/cash/handover'
import cashReport from './admin/cash/report'
import cashReportExport from './admin/cash/report-export'
import orderCollectRest from './admin/orders/collect-rest'
import deliveryCollectRest from './delivery/collect-rest'
import adminCityCreate from './admin/cities/create'
import adminCities from './admin/cities/list'
import adminCityUpdate from './admin/cities/update'
import contactMessagesDelete from './admin/contact-messages/delete'
import contactMessagesList from './admin/contact-messages/list'
import contactMessagesUpdateStatus from './admin/contact-messages/update-status'
import contactMessagesOpen from './admin/contact-messages/open'
import adminCountryCreate from './admin/countries/create'
import adminCountries from './admin/countries/list'
import adminCountryUpdate from './admin/countries/update'
import createDeliveryDriver from './admin/create-delivery-driver'
import createSuperAdmin from './admin/create-super-admin'
import createUser from './admin/create-user'
import assignDriver from './admin/orders/assign-driver'
import liveOrders from './live/orders'
import cancelOrder from './orders/cancel'
import deliveryTerms from './places/delivery-terms'
import orderDetailsAdmin from './admin/orders/detail'
import orderMessages from './admin/orders/messages'
import drivers from './admin/orders/drivers'
import adminOrdersExport from './admin/orders/export'
import adminOrders from './admin/orders/list'
import recordAgreement from './admin/orders/record-agreement'
import updateOrderStatus from './admin/orders/update-status'
import weighOrder from './admin/orders/weigh'
import shopSettings from './admin/settings/get'
import shopSettingsUpdate from './admin/settings/update'
import adminProductStats from './admin/product-stats-by-country'
import adminProductBulk from './admin/products/bulk-actions'
import adminProductCreate from './admin/products/create'
import adminProductDelete from './admin/products/delete'
import adminProductsExport from './admin/products/export'
import adminProductImport from './admin/products/import'
import adminProducts from './admin/products/list'
import adminProductUpdate from './admin/products/update'
import adminProductStock from './admin/products/stock'
import adminPreparations from './admin/preparations/list'
import adminPreparationCreate from './admin/preparations/create'
import adminPreparationUpdate from './admin/preparations/update'
import adminPreparationDelete from './admin/preparations/delete'
import adminProductPhoto from './admin/products/photo'
import adminProductPhotoRemove from './admin/products/photo/remove'
import adminSlotCreate from './admin/slots/create'
import adminSlots from './admin/slots/list'
import adminSlotUpdate from './admin/slots/update'
import superAdmins from './admin/super-admins'
import userHistory from './admin/userhistory'
import usersList from './admin/users/list'
import usersSetDiscount from './admin/users/set-discount'
import usersToggleStatus from './admin/users/toggle-status'
import usersUpdate from './admin/users/update'
import adminZoneCreate from './admin/zones/create'
import adminZones from './admin/zones/list'
import adminZoneUpdate from './admin/zones/update'
import login from './auth/login-with-password'
import logout from './auth/logout'
import register from './auth/register-with-password'
import session from './auth/session'
import forgotPassword from './auth/password/forgot'
import resetWithCode from './auth/password/reset-with-code'
import resetWithLink from './auth/password/reset-with-link'
import getNotifications from './account/notifications'
import ownSessions from './account/sessions'
import endSession from './account/end-session'
import endOtherSessions from './account/end-other-sessions'
import verifySecondFactor from './auth/two-factor/verify'
import startEnrolment from './auth/two-factor/setup'
import confirmEnrolment from './auth/two-factor/enable'
import twoFactorStatus from './auth/two-factor/status'
import resetTwoFactor from './admin/users/reset-two-factor'
import setNotifications from './account/set-notifications'
import addresses from './account/addresses/list'
import createAddress from './account/addresses/create'
import updateAddress from './account/addresses/update'
import deleteAddress from './account/addresses/delete'
import featured from './catalogue/featured'
import productCategories from './catalogue/product-categories'
import products from './catalogue/products'
import sendContact from './contact/send'
import dashboardAdmin from './dashboard/admin'
import clientDashboard from './dashboard/client'
import deliveryDashboard from './dashboard/delivery'
import dashboardRoot from './dashboard/root'
import dashboardTrend from './dashboard/trend'
import confirmDelivery from './delivery/confirm'
import createOrder from './orders/create'
import orderDetails from './orders/details'
import clientOrders from './orders/list'
import weighAnswer from './orders/weigh-answer'
import availableSlots from './orders/slots'
import cities from './places/cities'
import countries from './places/countries'
import zonesByCity from './places/zones-by-city'

// The endpoints by area. Each file's path under api/ follows its URL (staff calls under admin/).

/** Sign-in, sign-up, the session. */
const auth = [
  session,
  login,
  logout,
  register,
  forgotPassword,
  resetWithLink,
  resetWithCode,
  // Staff two-factor (docs/rules/people.md#accounts).
  verifySecondFactor,
  startEnrolment,
  confirmEnrolment,
  twoFactorStatus,
]

/** What a visitor sees: the catalogue, the places to deliver to, the contact form. */
const storefront = [
  featured,
  products,
  productCategories,
  countries,
  cities,
  zonesByCity,
  deliveryTerms,
  sendContact,
]

/** A client's own orders and dashboard. */
const shopping = [
  createOrder,
  orderDetails,
  clientOrders,
  clientDashboard,
  weighAnswer,
  availableSlots,
  getNotifications,
  setNotifications,
  addresses,
  createAddress,
  updateAddress,
  deleteAddress,
  cancelOrder,
]

/** A driver's deliveries. */
const delivery = [deliveryDashboard, confirmDelivery, deliveryCollectRest]

/** Orders as staff run them. */
const staffOrders = [
  adminOrders,
  adminOrdersExport,
  orderDetailsAdmin,
  orderMessages,
  updateOrderStatus,
  drivers,
  assignDriver,
  weighOrder,
  recordAgreement,
  liveOrders,
]

/** Countries, cities and delivery zones. */
const places = [
  adminCountries,
  adminCountryCreate,
  adminCountryUpdate,
  adminCities,
  adminCityCreate,
  adminCityUpdate,
  adminZones,
  adminZoneCreate,
  adminZoneUpdate,
  adminSlots,
  adminSlotCreate,
  adminSlotUpdate,
]

/** The catalogue as staff maintain it. */
const catalogue = [
  adminProducts,
  adminProductCreate,
  adminProductUpdate,
  adminProductStock,
  adminPreparations,
  adminPreparationCreate,
  adminPreparationUpdate,
  adminPreparationDelete,
  adminProductDelete,
  adminProductPhoto,
  adminProductPhotoRemove,
  adminProductBulk,
  adminProductStats,
  adminProductsExport,
  adminProductImport,
]

/** Accounts: lists, creation, edits, history. */
const people = [
  usersList,
  createUser,
  createDeliveryDriver,
  createSuperAdmin,
  superAdmins,
  usersUpdate,
  usersToggleStatus,
  usersSetDiscount,
  userHistory,
  resetTwoFactor,
  // A staff member's own sessions.
  ownSessions,
  endSession,
  endOtherSessions,
]

/** The owners' view: dashboards and the contact inbox. */
const oversight = [
  dashboardAdmin,
  dashboardRoot,
  dashboardTrend,
  contactMessagesList,
  contactMessagesUpdateStatus,
  contactMessagesOpen,
  contactMessagesDelete,
  shopSettings,
  shopSettingsUpdate,
]

/** The drivers' cash as staff keep it: the daily report, handovers, corrections. */
const driversCash = [cashReport, cashReportExport, cashHandover, cashCorrection, orderCollectRest]

/**
 * Every endpoint of the API, in one list: the kernel registers them and the permission tests
 * walk them. A test fails when a file under api/ is missing from here.
 */
export const endpoints: readonly Endpoint[] = [
  ...auth,
  ...storefront,
  ...shopping,
  ...delivery,
  ...staffOrders,
  ...places,
  ...catalogue,
  ...people,
  ...oversight,
  ...driversCash,
  // docs/rules/money.md#payments
  paymentWallets,
  paymentStart,
  paymentStatus,
  paymentMethod,
  paymentDriverStart,
  paymentDriverStatus,
  orderPaymentsAdmin,
  orderPaymentCash,
  orderRefundDone,
  paymentReconciliation,
]
