import { useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api'

/** What a loyalty point is worth, as the client dashboard reports it. */
export function usePointValue() {
  return useQuery({
    queryKey: ['dashboard', 'client'],
    queryFn: () => api.get<{ loyaltyPoints: number; pointValueInCfa: number; orders: unknown[] }>('/_api/dashboard/client'),
    select: (d) => d.pointValueInCfa,
  })
}
