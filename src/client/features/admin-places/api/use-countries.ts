import { placeChangeRefreshes, usePlaceMutation } from '@/client/lib/staff-places'
import { created, updated } from './feedback'

export const useCreateCountry = () =>
  usePlaceMutation(
    '/_api/admin/countries',
    placeChangeRefreshes.country,
    created(({ country }) => `Le pays "${country.name}" a été créé.`),
  )

export const useUpdateCountry = () =>
  usePlaceMutation(
    '/_api/admin/countries/update',
    placeChangeRefreshes.country,
    updated({
      saved: ({ country }) => `Le pays "${country.name}" a été mis à jour.`,
      switched: ({ country }) =>
        `Le pays "${country.name}" est maintenant ${country.isActive ? 'actif' : 'inactif'}.`,
    }),
  )
