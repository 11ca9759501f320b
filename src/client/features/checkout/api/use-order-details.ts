import { useQuery } from '@tanstack/react-query'
import { clientCalls } from '@/shared/calls/client'
import { api, withFallback } from '../../../lib/api'
import { FIVE_MINUTES } from '../../../lib/query-client'

export const orderDetailsKey = (orderId: number | null) => ['orders', 'detail', orderId] as const

export function useOrderDetails(orderId: number | null) {
  return useQuery({
    queryKey: orderDetailsKey(orderId),
    queryFn: async () => {
      try {
        return (await api.call(clientCalls.order, { orderId })).order
      } catch (e) {
        throw withFallback(e, 'Failed to fetch order details')
      }
    },
    enabled: orderId !== null,
    staleTime: FIVE_MINUTES,
  })
}
