import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { queryOptionsFor } from '@/client/lib/queries'
import { placeChangeRefreshes, usePlaceMutation } from '@/client/lib/staff-places'
import { created, updated } from './feedback'

export const ZONES_PER_PAGE = 20
export type ZoneFilters = {
  search: string
  cityId: number | null
  status: 'all' | 'active' | 'inactive'
  page: number
}

/** One page of zones; the name search runs on the server so it covers every page. */
export function useAdminZones(filters: ZoneFilters) {
  return useQuery({
    ...queryOptionsFor('/_api/admin/zones', {
      search: filters.search.trim() || undefined,
      cityId: filters.cityId ?? undefined,
      isActive: filters.status === 'all' ? undefined : filters.status === 'active' ? 'true' : 'false',
      page: filters.page,
      limit: ZONES_PER_PAGE,
    }),
    placeholderData: keepPreviousData,
  })
}

export const useCreateZone = () =>
  usePlaceMutation(
    '/_api/admin/zones',
    placeChangeRefreshes.zone,
    created(({ zone }) => `La zone "${zone.name}" a été créée.`),
  )

export const useUpdateZone = () =>
  usePlaceMutation(
    '/_api/admin/zones/update',
    placeChangeRefreshes.zone,
    updated({
      saved: ({ zone }) => `La zone "${zone.name}" a été enregistrée.`,
      switched: ({ zone }) =>
        `La zone "${zone.name}" est maintenant ${zone.isActive ? 'active' : 'inactive'}.`,
    }),
  )
