import { cappedCount, containsFolded, byName } from '@/server/db/queries'
import { placeCalls } from '@/shared/calls'
import { and, asc, eq } from 'drizzle-orm'
import { cities, zones } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { selectZones, toAdminZone, zoneCountries } from '@/server/services/delivery/places'
import { scopeCountryId } from '@/server/services/scope'

/** `%`, `_` and `\` typed by the user match themselves. */

export default defineEndpoint({
  call: placeCalls.zones,
  roles: ['root', 'super_admin'],
  summary: 'Delivery zones, paged, searched by name on the server: root all, a super_admin its country',
  async handler({ input, user, db }) {
    const scope = scopeCountryId(user)
    const where = and(
      scope === null ? undefined : eq(cities.countryId, scope),
      input.cityId === undefined ? undefined : eq(zones.cityId, input.cityId),
      input.isActive === undefined ? undefined : eq(zones.isActive, input.isActive),
      input.search ? containsFolded(zones.name, input.search) : undefined,
    )
    const rows = await selectZones(db)
      .where(where)
      .orderBy(...byName(zoneCountries.name), ...byName(cities.name), ...byName(zones.name), asc(zones.id))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit)
    const total = await cappedCount(
      db,
      db
        .select({ id: zones.id })
        .from(zones)
        .innerJoin(cities, eq(cities.id, zones.cityId))
        .where(where)
        .$dynamic(),
    )
    return { zones: rows.map(toAdminZone), total }
  },
})
