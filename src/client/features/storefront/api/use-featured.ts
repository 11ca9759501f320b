import { useQuery } from '@tanstack/react-query'
import type { CatalogueCountry } from '@/client/lib/catalogue'
import { api } from '@/client/lib/api'

/** The home page's products, of the catalogue's country (every country's before a choice). */
export function useFeatured(country: CatalogueCountry) {
  const countryId = country.status === 'pending' ? null : country.countryId
  return useQuery({
    queryKey: ['products', 'featured', countryId ?? 'all'],
    queryFn: async () => (await api.get('/_api/featured', { countryId })).products,
    enabled: country.status !== 'pending',
  })
}
