import { useQuery } from '@tanstack/react-query'
import { queryOptionsFor } from './queries'

/**
 * A country's delivery terms and the weigh-in tolerance (docs/rules/delivery.md#fees-before-the-cart):
 * one small read, cached an hour on the device (the server's copy is dropped by any write to them).
 */
export function useDeliveryTerms(countryId: number | null) {
  return useQuery({
    ...queryOptionsFor('/_api/delivery-terms', { countryId: countryId ?? 0 }),
    enabled: countryId !== null,
    staleTime: 60 * 60 * 1000,
  })
}
