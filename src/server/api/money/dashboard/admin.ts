import { oversightCalls } from '@/shared/calls'
import { desc } from 'drizzle-orm'
import type { AdminDashboard } from '@/shared/schemas/dashboards'
import { orders } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { scopeCountryId } from '@/server/services/scope'
import { countUsers, orderTotals, ordersWhere } from '@/server/services/money/stats'

const RECENT = 5

export default defineEndpoint({
  call: oversightCalls.adminDashboard,
  roles: ['root', 'super_admin', 'admin'],
  summary: 'Revenue, orders and active customers of the caller’s country (root: all), latest orders',
  async handler({ user, db }): Promise<AdminDashboard> {
    const countryId = scopeCountryId(user)
    const totals = await orderTotals(db, { countryId })
    const activeUsers = await countUsers(db, countryId, true)
    const recentOrders = await db
      .select({
        id: orders.id,
        customerName: orders.customerName,
        totalAmount: orders.totalAmount,
        status: orders.status,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(ordersWhere({ countryId }))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(RECENT)
    return { summary: { ...totals, activeUsers }, recentOrders }
  },
})
