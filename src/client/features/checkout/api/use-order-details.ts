import { useQuery } from '@tanstack/react-query'
import type { ClientOrder } from '@/shared/schemas/checkout'
import { api } from '../../../lib/api'
import { FIVE_MINUTES } from '../../../lib/query-client'
import { withFallback } from './use-places'

export function useOrderDetails(orderId: number | null) {
  return useQuery({
    queryKey: ['orders', 'detail', orderId],
    queryFn: async () => {
      try {
        return (await api.get<{ order: ClientOrder }>('/_api/orders/details', { orderId })).order
      } catch (e) {
        throw withFallback(e, 'Failed to fetch order details')
      }
    },
    enabled: orderId !== null,
    staleTime: FIVE_MINUTES,
  })
}
