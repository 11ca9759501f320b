// One area's calls (docs/architecture.md "One contract"): the drivers' cash, as staff keep it
// (docs/rules.md#drivers-cash). The driver's own cash comes with its dashboard (delivery.ts).
import {
  cashCorrectionInput,
  cashEntryAnswer,
  cashHandoverInput,
  cashReportAnswer,
  cashReportInput,
} from '../schemas/cash'
import { defineCall } from './define-call'

export const cashCalls = {
  report: defineCall({
    method: 'GET',
    path: '/_api/admin/cash/report',
    input: cashReportInput,
    output: cashReportAnswer,
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
