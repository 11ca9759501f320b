import { oversightCalls } from '@/shared/calls'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { type RootDashboard } from '@/shared/schemas/dashboards'
import { countries, users } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import type { Db } from '@/server/db/client'
import { sharedReads } from '@/server/db/shared-reads'
import { byName } from '@/server/db/queries'
import { compareFrench } from '@/shared/format'
import {
  countStar,
  customerRoles,
  orderTotalsByCountry,
  topProducts,
  type OrderFilter,
} from '@/server/services/money/stats'

const TOP_PRODUCTS = 10
/** Root dashboards asked at the same moment with the same filter are computed once. */
const shared = sharedReads<RootDashboard>({ keep: 'in-flight' })

export default defineEndpoint({
  call: oversightCalls.rootDashboard,
  roles: ['root'],
  summary: 'Global summary, per-country breakdown and best products, by country and date range',
  handler({ input, db }): Promise<RootDashboard> {
    const filter = { countryId: input.countryId, start: input.start, endExclusive: input.endExclusive }
    return shared(db, JSON.stringify(filter), () => rootDashboard(db, filter))
  },
})

async function rootDashboard(db: Db, filter: OrderFilter): Promise<RootDashboard> {
  const byCountry = await orderTotalsByCountry(db, filter)
  // Accounts are not dated by the filter: the counts are of the accounts of the chosen country.
  const accounts = await db
    .select({
      countryId: users.countryId,
      all: countStar,
      activeCustomers:
        sql<number>`count(*) filter (where ${and(eq(users.isActive, true), inArray(users.role, [...customerRoles]))})`.mapWith(
          Number,
        ),
    })
    .from(users)
    .where(filter.countryId != null ? eq(users.countryId, filter.countryId) : undefined)
    .groupBy(users.countryId)
  const countryList = await db
    .select({ id: countries.id, name: countries.name })
    .from(countries)
    .orderBy(...byName(countries.name))

  const zero = { totalRevenue: 0, totalOrders: 0 }
  const countryBreakdown = countryList
    .filter((c) => filter.countryId == null || c.id === filter.countryId)
    .map((c) => ({
      countryId: c.id,
      countryName: c.name,
      ...(byCountry.get(c.id) ?? zero),
      activeUsers: accounts.find((a) => a.countryId === c.id)?.activeCustomers ?? 0,
    }))
    .sort((a, b) => b.totalRevenue - a.totalRevenue || compareFrench(a.countryName, b.countryName))
  const globalSummary = {
    totalRevenue: countryBreakdown.reduce((s, c) => s + c.totalRevenue, 0),
    totalOrders: countryBreakdown.reduce((s, c) => s + c.totalOrders, 0),
    totalUsers: accounts.reduce((s, a) => s + a.all, 0),
  }
  return {
    globalSummary,
    countryBreakdown,
    productPerformance: await topProducts(db, filter, TOP_PRODUCTS),
    countries: countryList,
  }
}
