// One area's calls (docs/architecture.md "One contract"). The browser imports only the areas a
// page needs, so the storefront's first load carries the storefront's schemas alone.
import {
  adminOrdersAnswer,
  adminOrdersQuery,
  assignDriverInput,
  driversAnswer,
  driversQuery,
  orderAnswer,
  orderDetailsQuery,
  orderMessagesAnswer,
  updateOrderStatusInput,
} from '../schemas/orders'
import { liveOrderEvent, liveOrdersQuery } from '../schemas/live'
import { recordAgreementInput, weighOrderInput } from '../schemas/weighin'
import { confirmByPhoneInput, phoneRecordAnswer, phoneRecordQuery } from '../schemas/confirmation'
import { defineCall } from './define-call'

export const orderCalls = {
  /**
   * docs/rules/orders.md#live: a stream of server-sent events (text/event-stream), not one answer;
   * each event's data is `output`. Staff and drivers; the browser opens it with EventSource.
   */
  live: defineCall({
    method: 'GET',
    path: '/_api/live/orders',
    input: liveOrdersQuery,
    output: liveOrderEvent,
  }),
  list: defineCall({
    method: 'GET',
    path: '/_api/admin/orders',
    input: adminOrdersQuery,
    output: adminOrdersAnswer,
  }),
  detail: defineCall({
    method: 'GET',
    path: '/_api/orderdetails',
    input: orderDetailsQuery,
    output: orderAnswer,
  }),
  messages: defineCall({
    method: 'GET',
    path: '/_api/admin/orders/messages',
    input: orderDetailsQuery,
    output: orderMessagesAnswer,
  }),
  updateStatus: defineCall({
    method: 'POST',
    path: '/_api/admin/orders/update-status',
    input: updateOrderStatusInput,
    output: orderAnswer,
  }),
  drivers: defineCall({ method: 'GET', path: '/_api/drivers', input: driversQuery, output: driversAnswer }),
  assignDriver: defineCall({
    method: 'POST',
    path: '/_api/assigndriver',
    input: assignDriverInput,
    output: orderAnswer,
  }),
  weigh: defineCall({
    method: 'POST',
    path: '/_api/admin/orders/weigh',
    input: weighOrderInput,
    output: orderAnswer,
  }),
  recordAgreement: defineCall({
    method: 'POST',
    path: '/_api/admin/orders/record-agreement',
    input: recordAgreementInput,
    output: orderAnswer,
  }),
  /** docs/rules/confirmation.md#confirmation: staff called the client, who confirmed. */
  confirmByPhone: defineCall({
    method: 'POST',
    path: '/_api/admin/orders/confirm-by-phone',
    input: confirmByPhoneInput,
    output: orderAnswer,
  }),
  /** docs/rules/confirmation.md#refused-at-the-door: the delivery phone's delivered orders and refusals. */
  phoneRecord: defineCall({
    method: 'GET',
    path: '/_api/admin/orders/phone-record',
    input: phoneRecordQuery,
    output: phoneRecordAnswer,
  }),
}
