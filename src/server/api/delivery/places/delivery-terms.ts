import { storefrontCalls } from '@/shared/calls'
import { and, eq } from 'drizzle-orm'
import { cities, countries, zones } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { activeCountry, activeZone } from '@/server/services/delivery/places'
import { weighTolerance } from '@/server/services/orders/weighin'

export default defineEndpoint({
  call: storefrontCalls.deliveryTerms,
  roles: 'public',
  summary:
    'Delivery terms of a country’s active zones and the weigh-in tolerance, said before the cart (none for an inactive or unknown country)',
  async handler({ db, input, deps }) {
    // Cached like the zones of a city (zones-by-city.ts): dropped by any write to places or settings.
    const answer = await deps.storefrontCache.get(`delivery-terms:${input.countryId}`, async () => {
      const [rows, percent, country] = await Promise.all([
        db
          .select({
            cityName: cities.name,
            deliveryFee: zones.deliveryFee,
            minOrderAmount: zones.minOrderAmount,
            freeDeliveryFrom: zones.freeDeliveryFrom,
          })
          .from(zones)
          .innerJoin(cities, eq(cities.id, zones.cityId))
          .innerJoin(countries, eq(countries.id, cities.countryId))
          .where(and(eq(countries.id, input.countryId), activeZone())),
        weighTolerance(db),
        db
          .select({ name: countries.name })
          .from(countries)
          .where(and(eq(countries.id, input.countryId), activeCountry())),
      ])
      return { countryName: country[0]?.name ?? '', zones: rows, weighTolerancePercent: percent }
    })
    return answer
  },
})
