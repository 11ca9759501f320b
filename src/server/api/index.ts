import type { Endpoint } from '../http/define-endpoint'
import { campaignEndpoints, campaignOperationEndpoints } from './campaigns'
import paymentWallets from './money/payments/wallets'
import paymentStart from './money/payments/start'
import paymentStatus from './money/payments/status'
import paymentMethod from './money/payments/method'
import paymentDriverStart from './money/payments/driver-start'
import paymentDriverStatus from './money/payments/driver-status'
import orderPaymentsAdmin from './money/admin/order-payments'
import orderPaymentCash from './money/admin/payment-cash'
import orderRefundDone from './money/admin/refund-done'
import paymentReconciliation from './money/admin/reconciliation'
import cashCorrection from './money/admin/cash/correction'
import cashHandover from './money/admin/cash/handover'
import cashReport from './money/admin/cash/report'
import cashReportExport from './money/admin/cash/report-export'
import orderCollectRest from './money/admin/collect-rest'
import adminCoupons from './money/admin/coupons/list'
import adminCouponCreate from './money/admin/coupons/create'
import adminCouponUpdate from './money/admin/coupons/update'
import adminCouponStop from './money/admin/coupons/stop'
import couponCheck from './money/coupons/check'
import creditMine from './money/credit/mine'
import creditRefundToCredit from './money/credit/refund-to-credit'
import adminUserCredit from './money/credit/user-credit'
import adminCreditGrant from './money/credit/grant'
import voucherBuy from './money/vouchers/buy'
import voucherOne from './money/vouchers/one'
import voucherRedeem from './money/vouchers/redeem'
import adminVouchers from './money/admin/vouchers/list'
import adminVoucherResend from './money/admin/vouchers/resend'
import deliveryCollectRest from './delivery/driver/collect-rest'
import deliveryRefuse from './delivery/driver/refuse'
import deliveryEveDelivered from './delivery/driver/campaign-delivered'
import adminCityCreate from './delivery/admin/cities/create'
import adminCities from './delivery/admin/cities/list'
import adminCityUpdate from './delivery/admin/cities/update'
import contactMessagesDelete from './people/admin/contact-messages/delete'
import contactMessagesList from './people/admin/contact-messages/list'
import contactMessagesUpdateStatus from './people/admin/contact-messages/update-status'
import contactMessagesOpen from './people/admin/contact-messages/open'
import adminCountryCreate from './delivery/admin/countries/create'
import adminCountries from './delivery/admin/countries/list'
import adminCountryUpdate from './delivery/admin/countries/update'
import createDeliveryDriver from './people/admin/create-delivery-driver'
import createSuperAdmin from './people/admin/create-super-admin'
import createUser from './people/admin/create-user'
import assignDriver from './delivery/admin/assign-driver'
import liveOrders from './orders/live'
import cancelOrder from './orders/shop/cancel'
import deliveryTerms from './delivery/places/delivery-terms'
import orderDetailsAdmin from './orders/admin/detail'
import orderMessages from './orders/admin/messages'
import drivers from './delivery/admin/drivers'
import adminOrdersExport from './orders/admin/export'
import adminOrders from './orders/admin/list'
import recordAgreement from './orders/admin/record-agreement'
import confirmByPhone from './orders/admin/confirm-by-phone'
import resendConfirmLink from './orders/admin/resend-confirm-link'
import confirmLink from './orders/shop/confirm-link'
import confirmByLink from './orders/shop/confirm'
import confirmMine from './orders/shop/confirm-mine'
import phoneRecord from './orders/admin/phone-record'
import updateOrderStatus from './orders/admin/update-status'
import weighOrder from './orders/admin/weigh'
import shopSettings from './orders/admin/settings/get'
import shopSettingsUpdate from './orders/admin/settings/update'
import adminProductStats from './catalogue/admin/product-stats-by-country'
import adminProductBulk from './catalogue/admin/products/bulk-actions'
import adminProductCreate from './catalogue/admin/products/create'
import adminProductDelete from './catalogue/admin/products/delete'
import adminProductsExport from './catalogue/admin/products/export'
import adminProductImport from './catalogue/admin/products/import'
import adminProducts from './catalogue/admin/products/list'
import adminProductUpdate from './catalogue/admin/products/update'
import adminProductStock from './catalogue/admin/products/stock'
import adminPreparations from './catalogue/admin/preparations/list'
import adminPreparationCreate from './catalogue/admin/preparations/create'
import adminPreparationUpdate from './catalogue/admin/preparations/update'
import adminPreparationDelete from './catalogue/admin/preparations/delete'
import adminProductPhoto from './catalogue/admin/products/photo'
import adminProductPhotoRemove from './catalogue/admin/products/photo/remove'
import adminSlotCreate from './delivery/admin/slots/create'
import adminSlots from './delivery/admin/slots/list'
import adminSlotUpdate from './delivery/admin/slots/update'
import superAdmins from './people/admin/super-admins'
import userHistory from './people/admin/userhistory'
import usersList from './people/admin/users/list'
import usersSetDiscount from './people/admin/users/set-discount'
import usersToggleStatus from './people/admin/users/toggle-status'
import usersUpdate from './people/admin/users/update'
import adminZoneCreate from './delivery/admin/zones/create'
import adminZones from './delivery/admin/zones/list'
import adminZoneUpdate from './delivery/admin/zones/update'
import login from './people/auth/login-with-password'
import logout from './people/auth/logout'
import register from './people/auth/register-with-password'
import session from './people/auth/session'
import forgotPassword from './people/auth/password/forgot'
import resetWithCode from './people/auth/password/reset-with-code'
import resetWithLink from './people/auth/password/reset-with-link'
import getNotifications from './people/account/notifications'
import ownSessions from './people/account/sessions'
import endSession from './people/account/end-session'
import endOtherSessions from './people/account/end-other-sessions'
import verifySecondFactor from './people/auth/two-factor/verify'
import startEnrolment from './people/auth/two-factor/setup'
import confirmEnrolment from './people/auth/two-factor/enable'
import twoFactorStatus from './people/auth/two-factor/status'
import resetTwoFactor from './people/admin/users/reset-two-factor'
import setNotifications from './people/account/set-notifications'
import addresses from './people/account/addresses/list'
import createAddress from './people/account/addresses/create'
import updateAddress from './people/account/addresses/update'
import deleteAddress from './people/account/addresses/delete'
import featured from './catalogue/shop/featured'
import productCategories from './catalogue/shop/product-categories'
import products from './catalogue/shop/products'
import sendContact from './people/contact/send'
import dashboardAdmin from './money/dashboard/admin'
import clientDashboard from './money/dashboard/client'
import deliveryDashboard from './money/dashboard/delivery'
import dashboardRoot from './money/dashboard/root'
import dashboardTrend from './money/dashboard/trend'
import confirmDelivery from './delivery/driver/confirm'
import createOrder from './orders/shop/create'
import orderDetails from './orders/shop/details'
import clientOrders from './orders/shop/list'
import weighAnswer from './orders/shop/weigh-answer'
import availableSlots from './orders/shop/slots'
import cities from './delivery/places/cities'
import countries from './delivery/places/countries'
import zonesByCity from './delivery/places/zones-by-city'
import cityShops from './delivery/places/shops'
import adminShops from './delivery/admin/shops/list'
import adminShopCreate from './delivery/admin/shops/create'
import adminShopUpdate from './delivery/admin/shops/update'
import pickups from './orders/pickup/list'
import pickupHandOver from './orders/pickup/hand-over'
import pickupResetCode from './orders/pickup/reset-code'
import pickupPaymentStart from './orders/pickup/payment-start'

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
  // docs/rules/confirmation.md#confirmation: the client's word, by its SMS link or its account.
  confirmLink,
  confirmByLink,
  confirmMine,
  // docs/rules/pickup.md: the shops of a city, for the checkout.
  cityShops,
]

/** A driver's deliveries. */
const delivery = [
  deliveryDashboard,
  confirmDelivery,
  deliveryCollectRest,
  deliveryRefuse,
  deliveryEveDelivered,
]

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
  confirmByPhone,
  resendConfirmLink,
  phoneRecord,
  liveOrders,
  // docs/rules/pickup.md#hand-over: "À retirer".
  pickups,
  pickupHandOver,
  pickupResetCode,
  pickupPaymentStart,
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
  // docs/rules/pickup.md#shops
  adminShops,
  adminShopCreate,
  adminShopUpdate,
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
  ...campaignEndpoints,
  ...campaignOperationEndpoints,
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
  // docs/rules/commerce.md#coupons
  adminCoupons,
  adminCouponCreate,
  adminCouponUpdate,
  adminCouponStop,
  couponCheck,
  // docs/rules/store-credit.md
  creditMine,
  creditRefundToCredit,
  adminUserCredit,
  adminCreditGrant,
  // docs/rules/gift-vouchers.md
  voucherBuy,
  voucherOne,
  voucherRedeem,
  adminVouchers,
  adminVoucherResend,
]
