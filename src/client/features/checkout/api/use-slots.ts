import { useQuery } from '@tanstack/react-query'
import { api } from '@/client/lib/api'

/**
 * The slots a client may pick in the city (docs/rules.md#delivery-slots), fresh each time the
 * cart shows them: the places left change with every order.
 */
export function useAvailableSlots(cityId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: ['slots', cityId],
    queryFn: () => api.get('/_api/orders/slots', { cityId: cityId! }),
    enabled: enabled && cityId !== null,
    staleTime: 0,
  })
}
