/**
 * Every call of the API, by area: the one contract of the server and the browser
 * (docs/architecture.md "One contract"). The server takes them all from here; the browser
 * imports each area's file, so that a page loads the schemas of its own calls only.
 */
export { defineCall, type Call, type CallInput, type CallOutput } from './define-call'
export { authCalls } from './auth'
export { storefrontCalls } from './storefront'
export { clientCalls } from './client'
export { orderCalls } from './orders'
export { deliveryCalls } from './delivery'
export { placeCalls } from './places'
export { productCalls } from './products'
export { userCalls } from './users'
export { oversightCalls } from './oversight'
