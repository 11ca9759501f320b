import { reportCalls } from '@/shared/calls'
import { orderStatuses } from '@/shared/domain/order-status'
import type { DashboardTrend } from '@/shared/schemas/reports'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { reportCountry } from '@/server/services/money/reports/scope'
import { dailySeries, lastDays, statusCounts, topProducts } from '@/server/services/money/stats'

const TOP_PRODUCTS = 5

export default defineEndpoint({
  call: reportCalls.dashboardTrend,
  roles: ['root', 'super_admin', 'admin'],
  summary:
    'Orders and revenue per UTC day over 7, 30 or 90 days, orders by status, best products: from the rollups',
  async handler({ input, user, db }): Promise<DashboardTrend> {
    const countryId = await reportCountry(db, user, input.countryId)
    const range = { countryId, ...lastDays(input.days) }
    const days = await dailySeries(db, range)
    const counts = await statusCounts(db, countryId)
    const top = await topProducts(db, range, TOP_PRODUCTS)
    return {
      days,
      byStatus: orderStatuses.map((status) => ({ status, orders: counts.get(status) ?? 0 })),
      topProducts: top.map(({ countryName: _, ...p }) => p),
    }
  },
})
