import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import { rootDashboardInput, type RootDashboard } from '../../../shared/schemas/dashboards'
import { countries, orderItems, orders, products, users } from '../../db/schema'
import { defineEndpoint } from '../../http/define-endpoint'
import { countUsers, customerRoles, notCancelled, orderCount, orderTotals, ordersWhere, revenue } from '../../services/stats'

const TOP_PRODUCTS = 10

export default defineEndpoint({
  method: 'GET',
  path: '/_api/dashboard/root',
  input: rootDashboardInput,
  roles: ['root'],
  summary: 'Global summary, per-country breakdown and best products, by country and date range',
  async handler({ input, db }): Promise<RootDashboard> {
    const filter = { countryId: input.countryId, start: input.start, endExclusive: input.endExclusive }
    const totals = await orderTotals(db, filter)
    // Accounts are not dated by the filter: the count is of the accounts of the chosen country.
    const totalUsers = await countUsers(db, input.countryId, false)

    const byCountry = db
      .select({ countryId: orders.countryId, totalRevenue: revenue.as('total_revenue'), totalOrders: orderCount.as('total_orders') })
      .from(orders)
      .where(ordersWhere(filter))
      .groupBy(orders.countryId)
      .as('by_country')
    const activeByCountry = db
      .select({ countryId: users.countryId, activeUsers: sql<number>`count(*)`.as('active_users') })
      .from(users)
      .where(and(eq(users.isActive, true), inArray(users.role, [...customerRoles])))
      .groupBy(users.countryId)
      .as('active_by_country')
    const countryBreakdown = await db
      .select({
        countryId: countries.id,
        countryName: countries.name,
        totalRevenue: sql<number>`coalesce(${byCountry.totalRevenue}, 0)`.mapWith(Number),
        totalOrders: sql<number>`coalesce(${byCountry.totalOrders}, 0)`.mapWith(Number),
        activeUsers: sql<number>`coalesce(${activeByCountry.activeUsers}, 0)`.mapWith(Number),
      })
      .from(countries)
      .leftJoin(byCountry, eq(byCountry.countryId, countries.id))
      .leftJoin(activeByCountry, eq(activeByCountry.countryId, countries.id))
      .where(input.countryId ? eq(countries.id, input.countryId) : undefined)
      .orderBy(sql`coalesce(${byCountry.totalRevenue}, 0) desc`, asc(countries.name))

    // A product's revenue is its line totals (before the order-level discount and points).
    const productRevenue = sql<number>`coalesce(sum(${orderItems.totalPrice}), 0)`.mapWith(Number)
    const productPerformance = await db
      .select({
        productId: products.id,
        productName: products.name,
        countryName: countries.name,
        totalQuantitySold: sql<number>`coalesce(sum(${orderItems.quantity}), 0)`.mapWith(Number),
        totalRevenue: productRevenue,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(products, eq(products.id, orderItems.productId))
      .innerJoin(countries, eq(countries.id, products.countryId))
      .where(and(ordersWhere(filter), notCancelled))
      .groupBy(products.id, products.name, countries.name)
      .orderBy(desc(productRevenue), asc(products.id))
      .limit(TOP_PRODUCTS)

    const countryList = await db.select({ id: countries.id, name: countries.name }).from(countries).orderBy(asc(countries.name))
    return {
      globalSummary: { ...totals, totalUsers },
      countryBreakdown,
      productPerformance,
      countries: countryList,
    }
  },
})
