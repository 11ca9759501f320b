import { placeCalls } from '@/shared/calls'
import { and, asc, eq } from 'drizzle-orm'
import { cities, countries } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { cityColumns } from '@/server/services/delivery/places'
import { scopeCountryId } from '@/server/services/scope'
import { byName } from '@/server/db/queries'

export default defineEndpoint({
  call: placeCalls.cities,
  roles: ['root', 'super_admin'],
  summary: "Cities, active or not: root all, a super_admin its own country's",
  async handler({ input, user, db }) {
    const scope = scopeCountryId(user)
    const rows = await db
      .select(cityColumns)
      .from(cities)
      .innerJoin(countries, eq(countries.id, cities.countryId))
      .where(
        and(
          scope === null ? undefined : eq(cities.countryId, scope),
          input.countryId === undefined ? undefined : eq(cities.countryId, input.countryId),
          input.isActive === undefined ? undefined : eq(cities.isActive, input.isActive),
        ),
      )
      .orderBy(...byName(countries.name), ...byName(cities.name), asc(cities.id))
    return { cities: rows }
  },
})
