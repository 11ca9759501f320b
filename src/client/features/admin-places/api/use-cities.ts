import { placeChangeRefreshes, usePlaceMutation } from '@/client/lib/staff-places'
import { created, updated } from './feedback'

export const useCreateCity = () =>
  usePlaceMutation(
    '/_api/admin/cities',
    placeChangeRefreshes.city,
    created(({ city }) => `La ville "${city.name}" a été créée.`),
  )

/** What the places screens say of a city renamed or (de)activated (`useUpdateCity` of lib/staff-places). */
export const cityUpdateFeedback = updated<'/_api/admin/cities/update'>({
  saved: ({ city }) => `La ville "${city.name}" a été mise à jour.`,
  switched: ({ city }) => `La ville "${city.name}" est maintenant ${city.isActive ? 'active' : 'inactive'}.`,
})
