import { useQuery } from '@tanstack/react-query'
import { api, withFallback } from '@/client/lib/api'
import { FIVE_MINUTES } from '@/client/lib/query-client'
import { queryKeyFor } from '@/client/lib/queries'

/** A client's order (null: none yet, the query waits). */
export const orderDetailsKey = (orderId: number | null) => queryKeyFor('/_api/orders/details', { orderId })

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
