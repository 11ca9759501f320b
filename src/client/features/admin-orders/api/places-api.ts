import { useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api'

// The storefront's place calls (GET /_api/cities, /_api/zones/by-city), read defensively: the
// orders filters only need ids, names and the city's country.
export type CityOption = {
  id: number
  name: string
  isActive?: boolean
  countryId?: number
  country?: { id?: number; name: string }
}
export type ZoneOption = { id: number; name: string; isActive?: boolean }

/** Active cities, of the given country when one is given (root: every country). */
export function useActiveCities(countryId: number | null) {
  return useQuery({
    queryKey: ['places', 'cities', countryId],
    queryFn: async () => (await api.get<{ cities: CityOption[] }>('/_api/cities', { countryId })).cities,
    staleTime: 5 * 60_000,
    select: (cities) =>
      cities.filter(
        (c) =>
          c.isActive !== false &&
          (countryId === null || (c.countryId ?? c.country?.id ?? countryId) === countryId),
      ),
  })
}

export function useZonesOfCity(cityId: number | null) {
  return useQuery({
    queryKey: ['places', 'zones', cityId],
    queryFn: async () => (await api.get<{ zones: ZoneOption[] }>('/_api/zones/by-city', { cityId })).zones,
    staleTime: 5 * 60_000,
    enabled: cityId !== null,
    select: (zones) => zones.filter((z) => z.isActive !== false),
  })
}
