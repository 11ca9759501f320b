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
import {
  confirmByPhoneInput,
  confirmLinkAnswer,
  confirmLinkInput,
  confirmMineInput,
  phoneRecordAnswer,
  phoneRecordQuery,
  resendConfirmLinkInput,
} from '../schemas/confirmation'
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
  /** docs/rules/confirmation.md#confirmation: staff send the client a new link (a lost SMS). */
  resendConfirmLink: defineCall({
    method: 'POST',
    path: '/_api/admin/orders/resend-confirm-link',
    input: resendConfirmLinkInput,
    output: orderAnswer,
  }),
  /** docs/rules/confirmation.md#confirmation: what the SMS link shows whoever holds it. */
  confirmLink: defineCall({
    method: 'GET',
    path: '/_api/orders/confirm-link',
    input: confirmLinkInput,
    output: confirmLinkAnswer,
  }),
  /** docs/rules/confirmation.md#confirmation: "Je confirme ma commande", with the SMS link. */
  confirmByLink: defineCall({
    method: 'POST',
    path: '/_api/orders/confirm',
    input: confirmLinkInput,
    output: confirmLinkAnswer,
  }),
  /** docs/rules/confirmation.md#confirmation: the signed-in client confirms its own order. */
  confirmMine: defineCall({
    method: 'POST',
    path: '/_api/orders/confirm-mine',
    input: confirmMineInput,
    output: orderAnswer,
  }),
}
