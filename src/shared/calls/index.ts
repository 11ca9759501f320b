/**
 * Every call of the API, by area: the one contract of the server and the browser
 * (docs/architecture.md "One contract"). The server takes them all from here; the browser
 * only their types (`AnyCall`), so that no schema is downloaded for a call.
 */
export { answerFormat, defineCall, type Call, type CallInput, type CallOutput } from './define-call'
import { authCalls } from './auth'
import { storefrontCalls } from './storefront'
import { clientCalls } from './client'
import { orderCalls } from './orders'
import { deliveryCalls } from './delivery'
import { placeCalls } from './places'
import { productCalls } from './products'
import { userCalls } from './users'
import { oversightCalls } from './oversight'
import { settingsCalls } from './settings'
import { reportCalls } from './reports'
import { cashCalls } from './cash'
import { paymentCalls } from './payments'
import { campaignCalls } from './campaigns'
import { campaignSetupCalls } from './campaign-setup'
import { campaignClientCalls } from './campaign-client'
import { couponCalls } from './coupons'
import { campaignOperationCalls } from './campaign-operations'
import { shopCalls } from './shops'
import { creditCalls } from './credit'
import { voucherCalls } from './vouchers'

export {
  authCalls,
  storefrontCalls,
  clientCalls,
  orderCalls,
  deliveryCalls,
  placeCalls,
  productCalls,
  userCalls,
  oversightCalls,
  settingsCalls,
  reportCalls,
  cashCalls,
  paymentCalls,
  campaignCalls,
  campaignSetupCalls,
  campaignClientCalls,
  couponCalls,
  campaignOperationCalls,
  shopCalls,
  creditCalls,
  voucherCalls,
}

type Each<T> = T[keyof T]
/** Every declared call, one union: the browser's client finds a call's types by method and path. */
export type AnyCall =
  | Each<typeof authCalls>
  | Each<typeof storefrontCalls>
  | Each<typeof clientCalls>
  | Each<typeof orderCalls>
  | Each<typeof deliveryCalls>
  | Each<typeof placeCalls>
  | Each<typeof productCalls>
  | Each<typeof userCalls>
  | Each<typeof oversightCalls>
  | Each<typeof settingsCalls>
  | Each<typeof reportCalls>
  | Each<typeof cashCalls>
  | Each<typeof paymentCalls>
  | Each<typeof campaignCalls>
  | Each<typeof campaignSetupCalls>
  | Each<typeof campaignClientCalls>
  | Each<typeof couponCalls>
  | Each<typeof campaignOperationCalls>
  | Each<typeof shopCalls>
  | Each<typeof creditCalls>
  | Each<typeof voucherCalls>
