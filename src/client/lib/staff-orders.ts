import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { CallInput } from '@/shared/calls/define-call'
import type { orderCalls } from '@/shared/calls/orders'
import { queryOptionsFor } from './queries'

/** GET /_api/admin/orders: the filters and page, as the screens send them. */
type OrdersQuery = CallInput<typeof orderCalls.list>

/**
 * One page of the staff orders list: the orders screens' filters (status, search, city, zone) and
 * the country details' tab (a country by name). The previous page stays shown while the next loads.
 */
export function useAdminOrders(q: OrdersQuery) {
  return useQuery({ ...queryOptionsFor('/_api/admin/orders', q), placeholderData: keepPreviousData })
}
