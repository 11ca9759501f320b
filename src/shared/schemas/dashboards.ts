import type { OrderStatus } from '../domain/order-status'
import { id } from './common'
import { z } from './zod'

export const DATE_ORDER_MESSAGE = 'La date de début doit être antérieure à la date de fin'
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/
const dateParam = z
  .string()
  .trim()
  .refine((s) => !Number.isNaN(Date.parse(s)), { error: 'La date est invalide.' })

/**
 * GET /_api/dashboard/root filters. A day given alone (YYYY-MM-DD) covers the whole day:
 * startDate from its first instant, endDate up to its last (kept as an exclusive bound).
 */
export const rootDashboardInput = z
  .strictObject({
    countryId: id('Le pays est invalide.').optional(),
    startDate: dateParam.optional(),
    endDate: dateParam.optional(),
  })
  .transform(({ countryId, startDate, endDate }) => {
    const start = startDate ? new Date(DAY_ONLY.test(startDate) ? `${startDate}T00:00:00Z` : startDate) : undefined
    let endExclusive: Date | undefined
    if (endDate) {
      endExclusive = DAY_ONLY.test(endDate)
        ? new Date(Date.parse(`${endDate}T00:00:00Z`) + 24 * 3600 * 1000)
        : new Date(Date.parse(endDate) + 1)
    }
    return { countryId, start, endExclusive }
  })
  .refine((v) => !v.start || !v.endExclusive || v.start < v.endExclusive, { error: DATE_ORDER_MESSAGE })
export type RootDashboardInput = z.input<typeof rootDashboardInput>

export type RecentOrder = { id: number; customerName: string; totalAmount: number; status: OrderStatus; createdAt: Date }
export type AdminDashboard = {
  summary: { totalRevenue: number; totalOrders: number; activeUsers: number }
  recentOrders: RecentOrder[]
}
export type RootDashboard = {
  globalSummary: { totalRevenue: number; totalOrders: number; totalUsers: number }
  countryBreakdown: { countryId: number; countryName: string; totalRevenue: number; totalOrders: number; activeUsers: number }[]
  productPerformance: {
    productId: number
    productName: string
    countryName: string
    totalQuantitySold: number
    totalRevenue: number
  }[]
  countries: { id: number; name: string }[]
}
