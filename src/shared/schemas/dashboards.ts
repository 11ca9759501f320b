import { orderStatuses } from '../domain/order-status'
import { unitTypes } from '../domain/units'
import { driverCashView } from './cash'
import { orderView } from './orders'
import { id, oneLine } from './common'
import { eveDelivery } from './campaign-eve'
import { z } from './zod'

export const DATE_ORDER_MESSAGE = 'La date de début doit être antérieure à la date de fin'
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/
/** Dates a dashboard may ask for (docs/rules/api.md#limits): from 2000 (the rollups' start) to 2100. */
const FIRST_DAY = '2000-01-01'
const LAST_DAY = '2100-12-31'
const DATE_RANGE_MESSAGE = 'La date doit être comprise entre le 01/01/2000 et le 31/12/2100.'
const dateParam = oneLine(z.string().trim().max(40, 'La date est invalide.'))
  .refine((s) => !Number.isNaN(Date.parse(s)), { error: 'La date est invalide.', abort: true })
  .refine(
    (s) => {
      const t = Date.parse(s)
      return (
        t >= Date.parse(`${FIRST_DAY}T00:00:00Z`) &&
        t < Date.parse(`${LAST_DAY}T00:00:00Z`) + 24 * 3600 * 1000
      )
    },
    { error: DATE_RANGE_MESSAGE },
  )

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
    const start = startDate
      ? new Date(DAY_ONLY.test(startDate) ? `${startDate}T00:00:00Z` : startDate)
      : undefined
    let endExclusive: Date | undefined
    if (endDate) {
      endExclusive = DAY_ONLY.test(endDate)
        ? new Date(Date.parse(`${endDate}T00:00:00Z`) + 24 * 3600 * 1000)
        : new Date(Date.parse(endDate) + 1)
    }
    return { countryId, start, endExclusive }
  })
  .refine((v) => !v.start || !v.endExclusive || v.start < v.endExclusive, { error: DATE_ORDER_MESSAGE })

const recentOrder = z.strictObject({
  id: z.number(),
  customerName: z.string(),
  totalAmount: z.number(),
  status: z.enum(orderStatuses),
  createdAt: z.date(),
})
export const adminDashboard = z.strictObject({
  summary: z.strictObject({ totalRevenue: z.number(), totalOrders: z.number(), activeUsers: z.number() }),
  recentOrders: z.array(recentOrder),
})
export type AdminDashboard = z.infer<typeof adminDashboard>
export const rootDashboard = z.strictObject({
  globalSummary: z.strictObject({
    totalRevenue: z.number(),
    totalOrders: z.number(),
    totalUsers: z.number(),
  }),
  countryBreakdown: z.array(
    z.strictObject({
      countryId: z.number(),
      countryName: z.string(),
      totalRevenue: z.number(),
      totalOrders: z.number(),
      activeUsers: z.number(),
    }),
  ),
  productPerformance: z.array(
    z.strictObject({
      productId: z.number(),
      productName: z.string(),
      /** The unit of the quantity sold: kilos and pieces are not added together. */
      unitType: z.enum(unitTypes),
      countryName: z.string(),
      totalQuantitySold: z.number(),
      totalRevenue: z.number(),
    }),
  ),
  countries: z.array(z.strictObject({ id: z.number(), name: z.string() })),
})
export type RootDashboard = z.infer<typeof rootDashboard>
export const clientDashboard = z.strictObject({
  loyaltyPoints: z.number(),
  pointValueInCfa: z.number(),
  /** docs/rules/store-credit.md: the client's store credit in its country (spent first at checkout). */
  creditBalance: z.number(),
  orders: z.array(orderView),
})
export type ClientDashboard = z.infer<typeof clientDashboard>
export const deliveryDashboard = z.strictObject({
  inDeliveryOrders: z.array(orderView),
  /** docs/rules/delivery.md#the-drivers-round: assigned to the driver, still waiting or in preparation. */
  assignedOrders: z.array(orderView),
  deliveredOrders: z.array(orderView),
  cash: driverCashView,
  /** docs/rules/campaigns-operations.md#delivery-on-the-eve: the feast's animals to deliver. */
  eveDeliveries: z.array(eveDelivery),
})
