import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { clientCalls } from '@/shared/calls/client'
import { api } from '../../../lib/api'

export function useClientOrders(filter: { search: string; status: string }) {
  return useQuery({
    queryKey: ['orders', 'mine', filter],
    queryFn: async () => (await api.call(clientCalls.orders, filter)).orders,
    placeholderData: keepPreviousData,
  })
}
