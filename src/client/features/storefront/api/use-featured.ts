import { useQuery } from '@tanstack/react-query'
import type { CatalogueCountry } from '@/client/lib/catalogue'
import { queryKeyFor, queryPickFor } from '@/client/lib/queries'

/** The home page's products of one country, or of every country (null): their entry in the query cache. */
export const featuredKey = (countryId: number | null) => queryKeyFor('/_api/featured', { countryId })

/** The home page's products, of the catalogue's country (every country's before a choice). */
export function useFeatured(country: CatalogueCountry) {
  const countryId = country.status === 'pending' ? null : country.countryId
  return useQuery({
    ...queryPickFor('/_api/featured', { countryId }, (answer) => answer.products),
    enabled: country.status !== 'pending',
  })
}
