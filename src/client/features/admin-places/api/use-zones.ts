import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query'
import { toast } from '@/client/lib/toast'
import type { CreateZoneInput, UpdateZoneInput } from '@/shared/schemas/places'
import { api } from '@/client/lib/api'
import { queryOptionsFor } from '@/client/lib/queries'
import { placeChangeRefreshes, useRefreshPlaces } from '@/client/lib/staff-places'
import { staffErrorText } from '@/client/lib/error-text'

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

export function useCreateZone() {
  const refresh = useRefreshPlaces(placeChangeRefreshes.zone)
  return useMutation({
    mutationFn: (input: CreateZoneInput) => api.post('/_api/admin/zones', input),
    onSuccess: ({ zone }) => {
      toast.success(`La zone "${zone.name}" a été créée.`)
      return refresh()
    },
    onError: (e) => toast.error(`Erreur lors de la création: ${staffErrorText(e)}`),
  })
}

export function useUpdateZone() {
  const refresh = useRefreshPlaces(placeChangeRefreshes.zone)
  return useMutation({
    mutationFn: (input: UpdateZoneInput) => api.post('/_api/admin/zones/update', input),
    onSuccess: ({ zone }, input) => {
      toast.success(
        input.isActive === undefined
          ? `La zone "${zone.name}" a été enregistrée.`
          : `La zone "${zone.name}" est maintenant ${zone.isActive ? 'active' : 'inactive'}.`,
      )
      return refresh()
    },
    onError: (e) => toast.error(`Erreur lors de la mise à jour: ${staffErrorText(e)}`),
  })
}
