import { useQuery } from '@tanstack/react-query'
import { api, withFallback } from '@/client/lib/api'
import { FIVE_MINUTES } from '@/client/lib/query-client'

export const orderDetailsKey = (orderId: number | null) => ['orders', 'detail', orderId] as const

export function useOrderDetails(orderId: number | null) {
  return useQuery({
    queryKey: orderDetailsKey(orderId),
    queryFn: async () => {
      try {
        return (await api.get('/_api/orders/details', { orderId })).order
      } catch (e) {
        throw withFallback(e, 'Failed to fetch order details')
      }
    },
    enabled: orderId !== null,
    staleTime: FIVE_MINUTES,
  })
}
