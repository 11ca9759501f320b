import { useQuery } from '@tanstack/react-query'
import type { PublicProduct } from '@/shared/schemas/storefront'
import { api } from '../../../lib/api'

export function useFeatured() {
  return useQuery({
    queryKey: ['products', 'featured'],
    queryFn: async () => (await api.get<{ products: PublicProduct[] }>('/_api/featured')).products,
  })
}
