import { useQuery } from '@tanstack/react-query'
import { storefrontCalls } from '@/shared/calls/storefront'
import { api } from '../../../lib/api'

export function useFeatured() {
  return useQuery({
    queryKey: ['products', 'featured'],
    queryFn: async () => (await api.call(storefrontCalls.featured)).products,
  })
}
