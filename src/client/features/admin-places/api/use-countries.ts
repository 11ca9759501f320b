import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { sortByName } from '@/shared/format'
import type { AdminCountry, CreateCountryInput, UpdateCountryInput } from '@/shared/schemas/places'
import { api } from '../../../lib/api'
import { staffErrorMessage } from './messages'

export const countryKeys = { all: ['admin-countries'] as const }

/** Every country, active or not (root only). */
export function useAdminCountries(enabled = true) {
  return useQuery({
    queryKey: countryKeys.all,
    queryFn: async () => sortByName((await api.get<{ countries: AdminCountry[] }>('/_api/admin/countries')).countries),
    enabled,
  })
}

function useRefresh() {
  const qc = useQueryClient()
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: countryKeys.all }),
      // The storefront's choices (registration, checkout) change with them.
      qc.invalidateQueries({ queryKey: ['countries'] }),
      qc.invalidateQueries({ queryKey: ['places'] }),
    ])
}

export function useCreateCountry() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (input: CreateCountryInput) =>
      api.post<{ country: AdminCountry }>('/_api/admin/countries', input),
    onSuccess: ({ country }) => {
      toast.success(`Le pays "${country.name}" a été créé.`)
      return refresh()
    },
    onError: (e) => toast.error(`Erreur lors de la création: ${staffErrorMessage(e)}`),
  })
}

export function useUpdateCountry() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (input: UpdateCountryInput) =>
      api.post<{ country: AdminCountry }>('/_api/admin/countries/update', input),
    onSuccess: ({ country }, input) => {
      toast.success(
        input.isActive === undefined
          ? `Le pays "${country.name}" a été mis à jour.`
          : `Le pays "${country.name}" est maintenant ${country.isActive ? 'actif' : 'inactif'}.`,
      )
      return refresh()
    },
    onError: (e) => toast.error(`Erreur lors de la mise à jour: ${staffErrorMessage(e)}`),
  })
}
