import { useQuery } from '@tanstack/react-query'
import type { CatalogueCountry } from '@/client/lib/catalogue'
import { api } from '@/client/lib/api'

/** The home page's products of one country, or of every country (null): their entry in the query cache. */
export const featuredKey = (countryId: number | null) => ['products', 'featured', countryId ?? 'all'] as const

/** The home page's products, of the catalogue's country (every country's before a choice). */
export function useFeatured(country: CatalogueCountry) {
  const countryId = country.status === 'pending' ? null : country.countryId
  return useQuery({
    queryKey: featuredKey(countryId),
    queryFn: async () => (await api.get('/_api/featured', { countryId })).products,
    enabled: country.status !== 'pending',
  })
}
