import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { queryPickFor } from '@/client/lib/queries'

export function useClientOrders(filter: { search: string; status: string }) {
  return useQuery({
    ...queryPickFor('/_api/orders', filter, (answer) => answer.orders),
    placeholderData: keepPreviousData,
  })
}
