import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { CallInput } from '@/shared/calls/define-call'
import type { oversightCalls } from '@/shared/calls/oversight'
import type { reportCalls } from '@/shared/calls/reports'
import type { userCalls } from '@/shared/calls/users'
import { sortByName } from '@/shared/format'
import { api } from '@/client/lib/api'

export function useAdminDashboard() {
  return useQuery({
    queryKey: ['dashboards', 'admin'],
    queryFn: () => api.get('/_api/dashboard/admin'),
  })
}

/** The root dashboard keeps showing the previous figures while a new filter loads. */
export function useRootDashboard(filters: CallInput<typeof oversightCalls.rootDashboard>, enabled = true) {
  return useQuery({
    queryKey: ['dashboards', 'root', filters],
    queryFn: async () => {
      const d = await api.get('/_api/dashboard/root', filters)
      return { ...d, countries: sortByName(d.countries) }
    },
    placeholderData: keepPreviousData,
    enabled,
  })
}

export function useSuperAdmins(q: Omit<CallInput<typeof userCalls.superAdmins>, 'limit'>) {
  return useQuery({
    queryKey: ['users', 'super-admins', q],
    queryFn: () => api.get('/_api/admin/super-admins', { ...q, limit: 10 }),
    placeholderData: keepPreviousData,
  })
}

/** A dashboard's trend (orders and revenue per day, statuses, best products), kept while another period loads. */
export function useDashboardTrend(input: CallInput<typeof reportCalls.dashboardTrend>) {
  return useQuery({
    queryKey: ['dashboards', 'trend', input],
    queryFn: () => api.get('/_api/dashboard/trend', input),
    placeholderData: keepPreviousData,
  })
}
