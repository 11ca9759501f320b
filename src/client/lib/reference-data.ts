import { useQuery } from '@tanstack/react-query'
import type { PublicCountry } from '@/shared/schemas/auth'
import { sortByName } from '@/shared/format'
import { api } from './api'

/** The active countries with their dial codes (registration, checkout). */
export function useCountries() {
  return useQuery({
    queryKey: ['countries'],
    queryFn: async () => sortByName((await api.get<{ countries: PublicCountry[] }>('/_api/countries')).countries),
    staleTime: 5 * 60_000,
  })
}
