// One area's calls (docs/architecture.md "One contract"). The browser imports only the areas a
// page needs, so the storefront's first load carries the storefront's schemas alone.
import {
  clientOrdersQuery,
  createOrderInput,
  orderDetailsQuery as clientOrderQuery,
} from '../schemas/checkout'
import { noInput } from '../schemas/common'
import { clientDashboard } from '../schemas/dashboards'
import { orderAnswer, ordersAnswer } from '../schemas/orders'
import { weighAnswerInput } from '../schemas/weighin'
import { availableSlotsAnswer, availableSlotsQuery } from '../schemas/slots'
import { defineCall } from './define-call'

export const clientCalls = {
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
