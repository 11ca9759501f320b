import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api } from '@/client/lib/api'

export function useClientOrders(filter: { search: string; status: string }) {
  return useQuery({
    queryKey: ['orders', 'mine', filter],
    queryFn: async () => (await api.get('/_api/orders', filter)).orders,
    placeholderData: keepPreviousData,
  })
}
