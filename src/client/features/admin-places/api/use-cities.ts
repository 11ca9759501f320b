import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import type { AdminCity, CreateCityInput, UpdateCityInput } from '@/shared/schemas/places'
import { api } from '../../../lib/api'
import { staffErrorMessage } from './messages'

export const cityKeys = { all: ['admin-cities'] as const }

/** The caller's cities, active or not: root every country's, a super_admin its own. */
export function useAdminCities() {
  return useQuery({
    queryKey: cityKeys.all,
    queryFn: async () => (await api.get<{ cities: AdminCity[] }>('/_api/admin/cities')).cities,
  })
}

function useRefresh() {
  const qc = useQueryClient()
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: cityKeys.all }),
      qc.invalidateQueries({ queryKey: ['admin-zones'] }),
      // The storefront's and the orders filters' place lists.
      qc.invalidateQueries({ queryKey: ['cities'] }),
      qc.invalidateQueries({ queryKey: ['places'] }),
    ])
}

export function useCreateCity() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (input: CreateCityInput) => api.post<{ city: AdminCity }>('/_api/admin/cities', input),
    onSuccess: ({ city }) => {
      toast.success(`La ville "${city.name}" a été créée.`)
      return refresh()
    },
    onError: (e) => toast.error(`Erreur lors de la création: ${staffErrorMessage(e)}`),
  })
}

export function useUpdateCity() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (input: UpdateCityInput) => api.post<{ city: AdminCity }>('/_api/admin/cities/update', input),
    onSuccess: ({ city }, input) => {
      toast.success(
        input.isActive === undefined
          ? `La ville "${city.name}" a été mise à jour.`
          : `La ville "${city.name}" est maintenant ${city.isActive ? 'active' : 'inactive'}.`,
      )
      return refresh()
    },
    onError: (e) => toast.error(`Erreur lors de la mise à jour: ${staffErrorMessage(e)}`),
  })
}
