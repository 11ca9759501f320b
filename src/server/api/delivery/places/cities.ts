import { storefrontCalls } from '@/shared/calls'
import { and, eq, sql } from 'drizzle-orm'
import { cities, countries, zones } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { activeCity, activeZone } from '@/server/services/delivery/places'
import { compareFrench } from '@/shared/format'

export default defineEndpoint({
  call: storefrontCalls.cities,
  roles: 'public',
  summary:
    'Active cities of active countries, optionally of one country; deliverable when one of its zones is active',
  async handler({ db, input, deps }) {
    // Cached like the countries (countries.ts); one country's answer kept only when it has
    // cities, so that made-up ids do not fill the cache.
    const answer = await deps.storefrontCache.get(
      input.countryId === undefined ? 'cities' : `cities:${input.countryId}`,
      async () => {
        const rows = await db
          .select({
            id: cities.id,
            name: cities.name,
            isActive: cities.isActive,
            createdAt: cities.createdAt,
            country: { id: countries.id, name: countries.name },
            // One of its zones active (the city and its country are: the condition below).
            deliverable: sql<boolean>`exists (select 1 from ${zones} where ${zones.cityId} = ${cities.id} and ${activeZone()})`,
          })
          .from(cities)
          .innerJoin(countries, eq(countries.id, cities.countryId))
          .where(
            and(
              activeCity(),
              input.countryId !== undefined ? eq(cities.countryId, input.countryId) : undefined,
            ),
          )
        // French order, which the database's C collation does not give.
        rows.sort((a, b) => compareFrench(a.country.name, b.country.name) || compareFrench(a.name, b.name))
        return { cities: rows }
      },
      { keep: (a) => input.countryId === undefined || a.cities.length > 0 },
    )
    return answer
  },
})
