import { useMutation } from '@tanstack/react-query'
import { toast } from '@/client/lib/toast'
import type { CreateCountryInput, UpdateCountryInput } from '@/shared/schemas/places'
import { api } from '@/client/lib/api'
import { placeChangeRefreshes, useRefreshPlaces } from '@/client/lib/staff-places'
import { staffErrorText } from '@/client/lib/error-text'

export function useCreateCountry() {
  const refresh = useRefreshPlaces(placeChangeRefreshes.country)
  return useMutation({
    mutationFn: (input: CreateCountryInput) => api.post('/_api/admin/countries', input),
    onSuccess: ({ country }) => {
      toast.success(`Le pays "${country.name}" a été créé.`)
      return refresh()
    },
    onError: (e) => toast.error(`Erreur lors de la création: ${staffErrorText(e)}`),
  })
}

export function useUpdateCountry() {
  const refresh = useRefreshPlaces(placeChangeRefreshes.country)
  return useMutation({
    mutationFn: (input: UpdateCountryInput) => api.post('/_api/admin/countries/update', input),
    onSuccess: ({ country }, input) => {
      toast.success(
        input.isActive === undefined
          ? `Le pays "${country.name}" a été mis à jour.`
          : `Le pays "${country.name}" est maintenant ${country.isActive ? 'actif' : 'inactif'}.`,
      )
      return refresh()
    },
    onError: (e) => toast.error(`Erreur lors de la mise à jour: ${staffErrorText(e)}`),
  })
}
