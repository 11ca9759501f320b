import { useMutation } from '@tanstack/react-query'
import { toast } from '@/client/lib/toast'
import type { CreateCityInput } from '@/shared/schemas/places'
import { api } from '@/client/lib/api'
import { placeChangeRefreshes, useRefreshPlaces } from '@/client/lib/staff-places'
import { staffErrorText } from '@/client/lib/error-text'

export function useCreateCity() {
  const refresh = useRefreshPlaces(placeChangeRefreshes.city)
  return useMutation({
    mutationFn: (input: CreateCityInput) => api.post('/_api/admin/cities', input),
    onSuccess: ({ city }) => {
      toast.success(`La ville "${city.name}" a été créée.`)
      return refresh()
    },
    onError: (e) => toast.error(`Erreur lors de la création: ${staffErrorText(e)}`),
  })
}

/** What the places screens say of a city renamed or (de)activated (`useUpdateCity` of lib/staff-places). */
export const cityUpdateFeedback = {
  onSuccess: ({ city }: { city: { name: string; isActive: boolean } }, input: { isActive?: boolean }) =>
    toast.success(
      input.isActive === undefined
        ? `La ville "${city.name}" a été mise à jour.`
        : `La ville "${city.name}" est maintenant ${city.isActive ? 'active' : 'inactive'}.`,
    ),
  onError: (e: Error) => toast.error(`Erreur lors de la mise à jour: ${staffErrorText(e)}`),
}
