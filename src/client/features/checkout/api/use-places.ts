import { useQuery } from '@tanstack/react-query'
import type { PublicCity, PublicZone } from '@/shared/schemas/storefront'
import { api } from '../../../lib/api'

/** Keeps the API's error (and its status, for the retry rule); SPEC §8's fallback text if it has none. */
export const withFallback = (e: unknown, fallback: string) => (e instanceof Error && e.message ? e : new Error(fallback))

export function useCities(countryId: number | null) {
  return useQuery({
    queryKey: ['cities', countryId],
    queryFn: async () => {
      try {
        return (await api.get<{ cities: PublicCity[] }>('/_api/cities', { countryId })).cities
      } catch (e) {
        throw withFallback(e, 'Failed to fetch cities')
      }
    },
    enabled: countryId !== null,
  })
}

/** Runs only once a city is chosen (SPEC §7). */
export function useZones(cityId: number | null) {
  return useQuery({
    queryKey: ['zones', 'by-city', cityId],
    queryFn: async () => {
      try {
        return (await api.get<{ zones: PublicZone[] }>('/_api/zones/by-city', { cityId })).zones
      } catch (e) {
        throw withFallback(e, 'Failed to fetch zones for city')
      }
    },
    enabled: cityId !== null,
  })
}
