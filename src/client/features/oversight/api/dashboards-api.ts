import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { CallInput } from '@/shared/calls/define-call'
import type { oversightCalls } from '@/shared/calls/oversight'
import type { reportCalls } from '@/shared/calls/reports'
import type { userCalls } from '@/shared/calls/users'
import { sortByName } from '@/shared/format'
import { queryOptionsFor, queryPickFor } from '@/client/lib/queries'

export function useAdminDashboard() {
  return useQuery(queryOptionsFor('/_api/dashboard/admin'))
}

/** The root dashboard keeps showing the previous figures while a new filter loads. */
export function useRootDashboard(filters: CallInput<typeof oversightCalls.rootDashboard>, enabled = true) {
  return useQuery({
    ...queryPickFor('/_api/dashboard/root', filters, (d) => ({ ...d, countries: sortByName(d.countries) })),
    placeholderData: keepPreviousData,
    enabled,
  })
}

export function useSuperAdmins(q: Omit<CallInput<typeof userCalls.superAdmins>, 'limit'>) {
  return useQuery({
    ...queryOptionsFor('/_api/admin/super-admins', { ...q, limit: 10 }),
    placeholderData: keepPreviousData,
  })
}

/** A dashboard's trend (orders and revenue per day, statuses, best products), kept while another period loads. */
export function useDashboardTrend(input: CallInput<typeof reportCalls.dashboardTrend>) {
  return useQuery({
    ...queryOptionsFor('/_api/dashboard/trend', input),
    placeholderData: keepPreviousData,
  })
}
