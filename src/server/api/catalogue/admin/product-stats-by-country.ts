import { productCalls } from '@/shared/calls'
import { eq, sql } from 'drizzle-orm'
import { countries, products } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { notArchived } from '@/server/services/catalogue/products'
import { byName } from '@/server/db/queries'

/** One aggregate over the catalogue, per country that has products (archived ones left out). */
export default defineEndpoint({
  call: productCalls.stats,
  roles: ['root'],
  summary: 'Products per country: total, active, inactive (root)',
  async handler({ db }) {
    const stats = await db
      .select({
        countryId: countries.id,
        countryName: countries.name,
        totalProducts: sql<number>`count(*)::int`,
        activeProducts: sql<number>`(count(*) filter (where ${products.isActive}))::int`,
        inactiveProducts: sql<number>`(count(*) filter (where not ${products.isActive}))::int`,
      })
      .from(products)
      .innerJoin(countries, eq(countries.id, products.countryId))
      .where(notArchived)
      .groupBy(countries.id, countries.name)
      .orderBy(...byName(countries.name))
    return { stats }
  },
})
