import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query'
import type { CallInput, CallOutput } from '@/shared/calls/define-call'
import type { placeCalls } from '@/shared/calls/places'
import { sortByName } from '@/shared/format'
import type { AdminCity } from '@/shared/schemas/places'
import { api } from './api'

/**
 * The back-office's place lists, read by the places screens, the products screen (root's
 * country picker) and the country details (its cities tab): one hook and one cache key per call.
 */
export const staffPlaceKeys = {
  countries: ['admin-countries'] as const,
  cities: ['admin-cities'] as const,
  zones: ['admin-zones'] as const,
  slots: ['admin-slots'] as const,
}

/**
 * What a place change makes stale: the staff lists that show it and the public ones
 * (lib/reference-data.ts: registration, the checkout's cascade, the orders filters).
 */
export const placeChangeRefreshes = {
  country: [staffPlaceKeys.countries, ['countries'], ['cities'], ['zones']],
  city: [staffPlaceKeys.cities, staffPlaceKeys.zones, ['cities'], ['zones']],
  // A city is deliverable while one of its zones is active: the public cities change too.
  zone: [staffPlaceKeys.zones, ['zones'], ['cities']],
} satisfies Record<string, QueryKey[]>

export function useRefreshPlaces(keys: readonly QueryKey[]) {
  const qc = useQueryClient()
  return () => Promise.all(keys.map((queryKey) => qc.invalidateQueries({ queryKey })))
}

/** Every country, active or not (root only), by name. */
export function useAdminCountries(enabled = true) {
  return useQuery({
    queryKey: staffPlaceKeys.countries,
    queryFn: async () => sortByName((await api.get('/_api/admin/countries')).countries),
    enabled,
  })
}

/** The caller's cities, active or not: root every country's, a super_admin its own. */
export function useAdminCities<T = AdminCity[]>(select?: (cities: AdminCity[]) => T) {
  return useQuery({
    queryKey: staffPlaceKeys.cities,
    queryFn: async () => (await api.get('/_api/admin/cities')).cities,
    select,
  })
}

type UpdateCity = CallInput<typeof placeCalls.updateCity>

/**
 * A city renamed or (de)activated; every list that shows it is refreshed. Each screen says
 * what happened in its own words.
 */
export function useUpdateCity(feedback: {
  onSuccess: (answer: CallOutput<typeof placeCalls.updateCity>, input: UpdateCity) => void
  onError: (e: Error) => void
}) {
  const refresh = useRefreshPlaces(placeChangeRefreshes.city)
  return useMutation({
    mutationFn: (input: UpdateCity) => api.post('/_api/admin/cities/update', input),
    onSuccess: (answer, input) => {
      feedback.onSuccess(answer, input)
      return refresh()
    },
    onError: feedback.onError,
  })
}

/** A city's delivery slots and its country's time zone (docs/rules.md#delivery-slots); staff. */
export function useCitySlots(cityId: number | null) {
  return useQuery({
    queryKey: [...staffPlaceKeys.slots, cityId],
    queryFn: () => api.get('/_api/admin/slots', { cityId: cityId! }),
    enabled: cityId !== null,
  })
}
