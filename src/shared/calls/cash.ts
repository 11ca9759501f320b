// One area's calls (docs/architecture.md "One contract"): the drivers' cash, as staff keep it
// (docs/rules/money.md#drivers-cash). The driver's own cash comes with its dashboard (delivery.ts).
import {
  cashCorrectionInput,
  cashEntryAnswer,
  cashHandoverInput,
  cashReportAnswer,
  cashReportInput,
  collectRestInput,
} from '../schemas/cash'
import { orderAnswer } from '../schemas/orders'
import { csvFile } from '../schemas/reports'
import { defineCall } from './define-call'

export const cashCalls = {
  report: defineCall({
    method: 'GET',
    path: '/_api/admin/cash/report',
    input: cashReportInput,
    output: cashReportAnswer,
  }),
  /** docs/rules/money.md#reports: the daily report as CSV. */
  exportReport: defineCall({
    method: 'GET',
    path: '/_api/admin/cash/report/export',
    input: cashReportInput,
    output: csvFile,
  }),
  /** docs/rules/money.md#partly-paid: staff record the rest of a partly paid order. */
  collectRest: defineCall({
    method: 'POST',
    path: '/_api/admin/orders/collect-rest',
    input: collectRestInput,
    output: orderAnswer,
  }),
  handover: defineCall({
    method: 'POST',
    path: '/_api/admin/cash/handover',
    input: cashHandoverInput,
    output: cashEntryAnswer,
  }),
  correction: defineCall({
    method: 'POST',
    path: '/_api/admin/cash/correction',
    input: cashCorrectionInput,
    output: cashEntryAnswer,
  }),
}
