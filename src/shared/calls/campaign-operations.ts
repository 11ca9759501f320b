// One area's calls (docs/architecture.md "One contract"): a campaign's operations on the feast
// days (docs/rules/campaigns-operations.md).
import {
  assignDriverInput,
  cancelInput,
  cashInput,
  extendInput,
  operationAnswer,
  operationsAnswer,
  operationsQuery,
  reservationRefundDoneInput,
  stepInput,
} from '../schemas/campaign-operations'
import { csvFile } from '../schemas/reports'
import { defineCall } from './define-call'

export const campaignOperationCalls = {
  list: defineCall({
    method: 'GET',
    path: '/_api/admin/campaigns/operations',
    input: operationsQuery,
    output: operationsAnswer,
  }),
  export: defineCall({
    method: 'GET',
    path: '/_api/admin/campaigns/operations/export',
    input: operationsQuery,
    output: csvFile,
  }),
  step: defineCall({
    method: 'POST',
    path: '/_api/admin/campaigns/reservations/step',
    input: stepInput,
    output: operationAnswer,
  }),
  cash: defineCall({
    method: 'POST',
    path: '/_api/admin/campaigns/reservations/cash',
    input: cashInput,
    output: operationAnswer,
  }),
  extend: defineCall({
    method: 'POST',
    path: '/_api/admin/campaigns/reservations/extend',
    input: extendInput,
    output: operationAnswer,
  }),
  cancel: defineCall({
    method: 'POST',
    path: '/_api/admin/campaigns/reservations/cancel',
    input: cancelInput,
    output: operationAnswer,
  }),
  refundDone: defineCall({
    method: 'POST',
    path: '/_api/admin/campaigns/reservations/refund-done',
    input: reservationRefundDoneInput,
    output: operationAnswer,
  }),
  /** docs/rules/campaigns-operations.md#delivery-on-the-eve: a driver for a delivery slot's reservation. */
  assignDriver: defineCall({
    method: 'POST',
    path: '/_api/admin/campaigns/reservations/assign-driver',
    input: assignDriverInput,
    output: operationAnswer,
  }),
}
