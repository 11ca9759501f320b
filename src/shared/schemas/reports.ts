import { orderStatuses } from '../domain/order-status'
import { trendPeriods, type TrendPeriod } from '../domain/trend'
import { unitTypes } from '../domain/units'
import { adminOrdersQuery } from './orders'
import { id } from './common'
import { z } from './zod'

/* Dashboards' trends, CSV exports and the product import (docs/rules/money.md#reports). */

export const dashboardTrendInput = z.strictObject({
  days: z.coerce
    .number({ error: 'La période doit être de 7, 30 ou 90 jours.' })
    .refine((n): n is TrendPeriod => (trendPeriods as readonly number[]).includes(n), {
      error: 'La période doit être de 7, 30 ou 90 jours.',
    })
    .default(30),
  /** Root only: one country, else every country. Staff of a country always read their own. */
  countryId: id('Le pays est invalide.').optional(),
})

export const dashboardTrend = z.strictObject({
  /** One entry per UTC day of the period, oldest first, days without orders included. */
  days: z.array(z.strictObject({ day: z.string(), orders: z.number(), revenue: z.number() })),
  /** Every order of the scope by its current status (all dates: the pipeline as it stands). */
  byStatus: z.array(z.strictObject({ status: z.enum(orderStatuses), orders: z.number() })),
  topProducts: z.array(
    z.strictObject({
      productId: z.number(),
      productName: z.string(),
      unitType: z.enum(unitTypes),
      totalQuantitySold: z.number(),
      totalRevenue: z.number(),
    }),
  ),
})
export type DashboardTrend = z.infer<typeof dashboardTrend>

/**
 * The orders export takes the list's own filters (without its page): a filter the list learns
 * applies to the export too.
 */
export const ordersExportQuery = adminOrdersQuery.omit({ page: true, limit: true })

export const productsExportQuery = z.strictObject({
  /** Root only: one country by id, else every country. */
  countryId: id('Le pays est invalide.').optional(),
})

/** A CSV file: the answer of an export, streamed (text/csv). */
export const csvFile = z.string().describe('text/csv; charset=utf-8, with a BOM, ; separated')

export const IMPORT_MODES = ['preview', 'import'] as const
export const productImportInput = z.strictObject({
  mode: z.enum(IMPORT_MODES, { error: 'Le mode doit être preview ou import.' }),
  /** Root names the country; a super admin imports into its own. */
  countryId: id('Le pays est invalide.').optional(),
})

export const importRowError = z.strictObject({
  /** The line of the file, the heading being line 1. */
  row: z.number(),
  column: z.string(),
  message: z.string(),
})
export type ImportRowError = z.infer<typeof importRowError>

export const productImportAnswer = z.strictObject({
  /** Rows read (the heading aside). */
  rows: z.number(),
  errors: z.array(importRowError),
  /** Rows written: 0 for a preview. */
  imported: z.number(),
  /** Products of the catalogue changed by the import (docs/rules/money.md#reports): 0 for a preview. */
  updated: z.number(),
  preview: z.array(
    z.strictObject({
      row: z.number(),
      name: z.string(),
      category: z.string().nullable(),
      pricePerUnit: z.number().nullable(),
      unitType: z.string().nullable(),
      /** A new product, an update of the catalogue's, or a row that changes nothing. */
      action: z.enum(['create', 'update', 'unchanged']),
      /** What an update changes: the field, its value now and after. */
      changes: z.array(z.strictObject({ field: z.string(), from: z.string(), to: z.string() })),
    }),
  ),
})
export type ProductImportAnswer = z.infer<typeof productImportAnswer>

/** 2 MB: some 10,000 products. */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024
