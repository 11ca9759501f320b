import { useQuery } from '@tanstack/react-query'
import type { clientCalls } from '@/shared/calls/client'
import type { CallOutput } from '@/shared/calls/define-call'
import { queryKeyFor, queryOptionsFor } from './queries'

export const clientDashboardKey = queryKeyFor('/_api/dashboard/client')

type ClientDashboard = CallOutput<typeof clientCalls.dashboard>

/**
 * The client's dashboard: its points, what a point is worth and its orders. One cache for the
 * dashboard page and the cart's points (`select` picks what a screen needs).
 */
export function useClientDashboard<T = ClientDashboard>(select?: (d: ClientDashboard) => T) {
  return useQuery({
    ...queryOptionsFor('/_api/dashboard/client'),
    select,
  })
}
