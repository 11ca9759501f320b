// One area's calls (docs/architecture.md "One contract"): mobile money (docs/rules/money.md#payments).
import { noInput } from '../schemas/common'
import {
  attemptAnswer,
  orderOnlyInput,
  orderPaymentsAnswer,
  paymentCashInput,
  paymentMethodInput,
  paymentStateAnswer,
  reconciliationAnswer,
  reconciliationQuery,
  refundDoneInput,
  startPaymentInput,
  walletsAnswer,
} from '../schemas/payments'
import { z } from '../schemas/zod'
import { defineCall } from './define-call'

const done = z.strictObject({ ok: z.literal(true) })

export const paymentCalls = {
  wallets: defineCall({
    method: 'GET',
    path: '/_api/payments/wallets',
    input: noInput,
    output: walletsAnswer,
  }),
  start: defineCall({
    method: 'POST',
    path: '/_api/payments/start',
    input: startPaymentInput,
    output: attemptAnswer,
  }),
  status: defineCall({
    method: 'GET',
    path: '/_api/payments/status',
    input: orderOnlyInput,
    output: paymentStateAnswer,
  }),
  method: defineCall({
    method: 'POST',
    path: '/_api/payments/method',
    input: paymentMethodInput,
    output: paymentStateAnswer,
  }),
  driverStart: defineCall({
    method: 'POST',
    path: '/_api/delivery/payments/start',
    input: orderOnlyInput,
    output: attemptAnswer,
  }),
  driverStatus: defineCall({
    method: 'GET',
    path: '/_api/delivery/payments/status',
    input: orderOnlyInput,
    output: paymentStateAnswer,
  }),
  orderPayments: defineCall({
    method: 'GET',
    path: '/_api/admin/orders/payments',
    input: orderOnlyInput,
    output: orderPaymentsAnswer,
  }),
  paymentCash: defineCall({
    method: 'POST',
    path: '/_api/admin/orders/payment-cash',
    input: paymentCashInput,
    output: done,
  }),
  refundDone: defineCall({
    method: 'POST',
    path: '/_api/admin/orders/refund-done',
    input: refundDoneInput,
    output: done,
  }),
  reconciliation: defineCall({
    method: 'GET',
    path: '/_api/admin/payments/reconciliation',
    input: reconciliationQuery,
    output: reconciliationAnswer,
  }),
}
