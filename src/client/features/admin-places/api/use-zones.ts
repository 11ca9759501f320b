import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import type { AdminZone, AdminZonesAnswer, CreateZoneInput, UpdateZoneInput } from '@/shared/schemas/places'
import { api } from '../../../lib/api'
import { staffErrorMessage } from './messages'

export const ZONES_PER_PAGE = 20
export type ZoneFilters = {
  search: string
  cityId: number | null
  status: 'all' | 'active' | 'inactive'
  page: number
}

export const zoneKeys = {
  all: ['admin-zones'] as const,
  list: (f: ZoneFilters) => ['admin-zones', f] as const,
}

/** One page of zones; the name search runs on the server so it covers every page. */
export function useAdminZones(filters: ZoneFilters) {
  return useQuery({
    queryKey: zoneKeys.list(filters),
    queryFn: () =>
      api.get<AdminZonesAnswer>('/_api/admin/zones', {
        search: filters.search.trim() || undefined,
        cityId: filters.cityId ?? undefined,
        isActive: filters.status === 'all' ? undefined : filters.status === 'active',
        page: filters.page,
        limit: ZONES_PER_PAGE,
      }),
    placeholderData: keepPreviousData,
  })
}

function useRefresh() {
  const qc = useQueryClient()
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: zoneKeys.all }),
      // The storefront's and the orders filters' place lists.
      qc.invalidateQueries({ queryKey: ['zones'] }),
      qc.invalidateQueries({ queryKey: ['places'] }),
    ])
}

export function useCreateZone() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (input: CreateZoneInput) => api.post<{ zone: AdminZone }>('/_api/admin/zones', input),
    onSuccess: ({ zone }) => {
      toast.success(`La zone "${zone.name}" a été créée.`)
      return refresh()
    },
    onError: (e) => toast.error(`Erreur lors de la création: ${staffErrorMessage(e)}`),
  })
}

export function useUpdateZone() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (input: UpdateZoneInput) => api.post<{ zone: AdminZone }>('/_api/admin/zones/update', input),
    onSuccess: ({ zone }, input) => {
      toast.success(
        input.isActive === undefined
          ? `La zone "${zone.name}" a été renommée.`
          : `La zone "${zone.name}" est maintenant ${zone.isActive ? 'active' : 'inactive'}.`,
      )
      return refresh()
    },
    onError: (e) => toast.error(`Erreur lors de la mise à jour: ${staffErrorMessage(e)}`),
  })
}
