// One area's calls (docs/architecture.md "One contract"): dashboards' trends, exports, import.
import {
  csvFile,
  dashboardTrend,
  dashboardTrendInput,
  MAX_IMPORT_BYTES,
  ordersExportQuery,
  productImportAnswer,
  productImportInput,
  productsExportQuery,
} from '../schemas/reports'
import { defineCall } from './define-call'

export const reportCalls = {
  dashboardTrend: defineCall({
    method: 'GET',
    path: '/_api/dashboard/trend',
    input: dashboardTrendInput,
    output: dashboardTrend,
  }),
  exportOrders: defineCall({
    method: 'GET',
    path: '/_api/admin/orders/export',
    input: ordersExportQuery,
    output: csvFile,
  }),
  exportProducts: defineCall({
    method: 'GET',
    path: '/_api/admin/products/export',
    input: productsExportQuery,
    output: csvFile,
  }),
  importProducts: defineCall({
    method: 'POST',
    path: '/_api/admin/products/import',
    input: productImportInput,
    output: productImportAnswer,
    upload: { maxBytes: MAX_IMPORT_BYTES },
  }),
}
