import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { sortByName } from '@/shared/format'
import type { AdminCity } from '@/shared/schemas/places'
import { api, type PostInput, type PostOutput, type PostPath } from './api'
import { callKey, queryOptionsFor, queryPickFor } from './queries'

/**
 * The back-office's place lists, read by the places screens, the products screen (root's
 * country picker) and the country details (its cities tab): one hook and one cache key per call.
 */
export const staffPlaceKeys = {
  countries: callKey('/_api/admin/countries'),
  cities: callKey('/_api/admin/cities'),
  zones: callKey('/_api/admin/zones'),
  slots: callKey('/_api/admin/slots'),
}

/** The public place lists (lib/reference-data.ts), every entry of each. */
const publicPlaceKeys = {
  countries: callKey('/_api/countries'),
  cities: callKey('/_api/cities'),
  zones: callKey('/_api/zones/by-city'),
}

/**
 * What a place change makes stale: the staff lists that show it and the public ones
 * (lib/reference-data.ts: registration, the checkout's cascade, the orders filters).
 */
export const placeChangeRefreshes = {
  country: [
    staffPlaceKeys.countries,
    publicPlaceKeys.countries,
    publicPlaceKeys.cities,
    publicPlaceKeys.zones,
  ],
  city: [staffPlaceKeys.cities, staffPlaceKeys.zones, publicPlaceKeys.cities, publicPlaceKeys.zones],
  // A city is deliverable while one of its zones is active: the public cities change too.
  zone: [staffPlaceKeys.zones, publicPlaceKeys.zones, publicPlaceKeys.cities],
  // The checkout's slots of the city (docs/rules/delivery.md#delivery-slots) as well.
  slot: [staffPlaceKeys.slots, callKey('/_api/orders/slots')],
} satisfies Record<string, QueryKey[]>

export function useRefreshPlaces(keys: readonly QueryKey[]) {
  const qc = useQueryClient()
  return () => Promise.all(keys.map((queryKey) => qc.invalidateQueries({ queryKey })))
}

/** Every country, active or not (root only), by name. */
export function useAdminCountries(enabled = true) {
  return useQuery({
    ...queryPickFor('/_api/admin/countries', {}, (answer) => sortByName(answer.countries)),
    enabled,
  })
}

/** The caller's cities, active or not: root every country's, a super_admin its own. */
export function useAdminCities<T = AdminCity[]>(select?: (cities: AdminCity[]) => T) {
  return useQuery({
    ...queryPickFor('/_api/admin/cities', {}, (answer) => answer.cities),
    select,
  })
}

/** What a screen says when a place change worked, and when it failed. */
export type PlaceFeedback<P extends PostPath> = {
  onSuccess: (answer: PostOutput<P>, input: PostInput<P>) => void
  onError: (e: Error) => void
}

const post = <P extends PostPath>(path: P, input: PostInput<P>) =>
  (api.post as unknown as (path: P, input: PostInput<P>) => Promise<PostOutput<P>>)(path, input)

/**
 * A country, city, zone or slot created or changed: the call, the lists it makes stale
 * (`placeChangeRefreshes`), and what the screen says (each screen in its own words).
 */
export function usePlaceMutation<P extends PostPath>(
  path: P,
  refreshes: readonly QueryKey[],
  feedback: PlaceFeedback<P>,
) {
  const refresh = useRefreshPlaces(refreshes)
  return useMutation({
    mutationFn: (input: PostInput<P>) => post(path, input),
    onSuccess: (answer, input) => {
      feedback.onSuccess(answer, input)
      return refresh()
    },
    onError: feedback.onError,
  })
}

/** A city renamed or (de)activated: the places screens and the country's cities tab. */
export const useUpdateCity = (feedback: PlaceFeedback<'/_api/admin/cities/update'>) =>
  usePlaceMutation('/_api/admin/cities/update', placeChangeRefreshes.city, feedback)

/** A city's delivery slots and its country's time zone (docs/rules/delivery.md#delivery-slots); staff. */
export function useCitySlots(cityId: number | null, shopId?: number) {
  return useQuery({
    // docs/rules/pickup.md#collection-slots: a shop's own slots when `shopId` is given.
    ...queryOptionsFor(
      '/_api/admin/slots',
      shopId === undefined ? { cityId: cityId! } : { cityId: cityId!, shopId },
    ),
    enabled: cityId !== null,
  })
}
