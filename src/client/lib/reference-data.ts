import { useQuery } from '@tanstack/react-query'
import { sortByName } from '@/shared/format'
import type { CitiesQuery } from '@/shared/schemas/storefront'
import { api, withFallback } from './api'
import { callKey, queryKeyFor, queryPickFor } from './queries'

/**
 * The public place lists (storefront calls), one hook and one cache key per call: the
 * checkout's delivery cascade and the staff orders filters read the same ones. The back-office's
 * place changes invalidate these keys (lib/staff-places.ts).
 */
export const referenceKeys = {
  countries: queryKeyFor('/_api/countries'),
  // null (nothing to ask yet) is an entry of its own, not every country's (`{}`).
  cities: (query: CitiesQuery | null) =>
    query === null ? ([...callKey('/_api/cities'), null] as const) : queryKeyFor('/_api/cities', query),
  zones: (cityId: number | null) => queryKeyFor('/_api/zones/by-city', { cityId: cityId! }),
}

/** The active countries with their dial codes (registration, checkout); read once `enabled`. */
export function useCountries(enabled = true) {
  return useQuery({
    ...queryPickFor('/_api/countries', {}, (answer) => sortByName(answer.countries)),
    staleTime: 5 * 60_000,
    enabled,
  })
}

/**
 * Active cities of active countries: one country's, or every country's with `{}`; `null` while
 * there is nothing to ask (no country chosen yet). Each says whether it is `deliverable`: the
 * checkout offers only those, the staff orders filters show them all.
 */
export function useCities(query: CitiesQuery | null) {
  return useQuery({
    queryKey: referenceKeys.cities(query),
    queryFn: async () => {
      try {
        return (await api.get('/_api/cities', query ?? {})).cities
      } catch (e) {
        throw withFallback(e, 'Failed to fetch cities')
      }
    },
    enabled: query !== null,
  })
}

/** A city's active zones; runs only once a city is chosen. */
export function useZones(cityId: number | null) {
  return useQuery({
    queryKey: referenceKeys.zones(cityId),
    queryFn: async () => {
      try {
        return (await api.get('/_api/zones/by-city', { cityId })).zones
      } catch (e) {
        throw withFallback(e, 'Failed to fetch zones for city')
      }
    },
    enabled: cityId !== null,
  })
}
