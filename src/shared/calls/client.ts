// One area's calls (docs/architecture.md "One contract"). The browser imports only the areas a
// page needs, so the storefront's first load carries the storefront's schemas alone.
import {
  clientCancelInput,
  clientOrdersQuery,
  createOrderInput,
  orderDetailsQuery as clientOrderQuery,
} from '../schemas/checkout'
import { noInput } from '../schemas/common'
import { notificationPrefs, notificationPrefsAnswer } from '../schemas/auth'
import { clientDashboard } from '../schemas/dashboards'
import { orderAnswer, ordersAnswer } from '../schemas/orders'
import { weighAnswerInput } from '../schemas/weighin'
import { availableSlotsAnswer, availableSlotsQuery } from '../schemas/slots'
import {
  addressAnswer,
  addressesAnswer,
  addressInput,
  deleteAddressInput,
  updateAddressInput,
} from '../schemas/addresses'
import { defineCall } from './define-call'

export const clientCalls = {
  // "Me prévenir par : e-mail, SMS" (docs/rules/orders.md#messages).
  notifications: defineCall({
    method: 'GET',
    path: '/_api/account/notifications',
    input: noInput,
    output: notificationPrefsAnswer,
  }),
  setNotifications: defineCall({
    method: 'POST',
    path: '/_api/account/notifications',
    input: notificationPrefs,
    output: notificationPrefsAnswer,
  }),
  // Saved delivery addresses (docs/rules/people.md#delivery-addresses): the client's own only.
  addresses: defineCall({
    method: 'GET',
    path: '/_api/account/addresses',
    input: noInput,
    output: addressesAnswer,
  }),
  createAddress: defineCall({
    method: 'POST',
    path: '/_api/account/addresses/create',
    input: addressInput,
    output: addressAnswer,
  }),
  updateAddress: defineCall({
    method: 'POST',
    path: '/_api/account/addresses/update',
    input: updateAddressInput,
    output: addressAnswer,
  }),
  deleteAddress: defineCall({
    method: 'POST',
    path: '/_api/account/addresses/delete',
    input: deleteAddressInput,
    output: addressesAnswer,
  }),
  createOrder: defineCall({
    method: 'POST',
    path: '/_api/orders/create',
    input: createOrderInput,
    output: orderAnswer,
  }),
  order: defineCall({
    method: 'GET',
    path: '/_api/orders/details',
    input: clientOrderQuery,
    output: orderAnswer,
  }),
  weighAnswer: defineCall({
    method: 'POST',
    path: '/_api/orders/weigh-answer',
    input: weighAnswerInput,
    output: orderAnswer,
  }),
  /** docs/rules/orders.md#client-cancel: the client cancels its own pending order, with a reason. */
  cancel: defineCall({
    method: 'POST',
    path: '/_api/orders/cancel',
    input: clientCancelInput,
    output: orderAnswer,
  }),
  orders: defineCall({ method: 'GET', path: '/_api/orders', input: clientOrdersQuery, output: ordersAnswer }),
  slots: defineCall({
    method: 'GET',
    path: '/_api/orders/slots',
    input: availableSlotsQuery,
    output: availableSlotsAnswer,
  }),
  dashboard: defineCall({
    method: 'GET',
    path: '/_api/dashboard/client',
    input: noInput,
    output: clientDashboard,
  }),
}
