import { useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api'

export function useFeatured() {
  return useQuery({
    queryKey: ['products', 'featured'],
    queryFn: async () => (await api.get('/_api/featured')).products,
  })
}
