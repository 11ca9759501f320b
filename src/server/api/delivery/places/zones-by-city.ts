import { storefrontCalls } from '@/shared/calls'
import { and, eq } from 'drizzle-orm'
import { cities, countries, zones } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { activeZone } from '@/server/services/delivery/places'
import { compareFrench } from '@/shared/format'

export default defineEndpoint({
  call: storefrontCalls.zonesByCity,
  roles: 'public',
  summary: 'Active zones of an active city (checkout cascade); none for an inactive or unknown city',
  async handler({ db, input, deps }) {
    // Cached like the countries (countries.ts), a key per city, kept only when it has zones.
    const answer = await deps.storefrontCache.get(
      `zones:${input.cityId}`,
      async () => {
        const rows = await db
          .select({
            id: zones.id,
            name: zones.name,
            isActive: zones.isActive,
            cityId: zones.cityId,
            deliveryFee: zones.deliveryFee,
            minOrderAmount: zones.minOrderAmount,
            freeDeliveryFrom: zones.freeDeliveryFrom,
            cityName: cities.name,
            countryName: countries.name,
          })
          .from(zones)
          .innerJoin(cities, eq(cities.id, zones.cityId))
          .innerJoin(countries, eq(countries.id, cities.countryId))
          .where(and(eq(zones.cityId, input.cityId), activeZone()))
        rows.sort((a, b) => compareFrench(a.name, b.name))
        return {
          zones: rows.map(({ cityName, countryName, ...zone }) => ({
            ...zone,
            city: { name: cityName, country: { name: countryName } },
          })),
        }
      },
      { keep: (a) => a.zones.length > 0 },
    )
    return answer
  },
})
