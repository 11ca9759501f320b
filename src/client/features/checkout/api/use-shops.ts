import { useQuery } from '@tanstack/react-query'
import { queryPickFor } from '@/client/lib/queries'

/** The active shops of the city where the client may collect its order (docs/rules/pickup.md#checkout). */
export function useCityShops(cityId: number | null, enabled: boolean) {
  return useQuery({
    ...queryPickFor('/_api/shops', { cityId: cityId! }, (answer) => answer.shops),
    enabled: enabled && cityId !== null,
    staleTime: 60_000,
  })
}
