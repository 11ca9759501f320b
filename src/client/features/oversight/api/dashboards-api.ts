import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { AdminDashboard, RootDashboard } from '@/shared/schemas/dashboards'
import type { SuperAdminRow } from '@/shared/schemas/users'
import { sortByName } from '@/shared/format'
import { api } from '../../../lib/api'

export function useAdminDashboard() {
  return useQuery({
    queryKey: ['dashboards', 'admin'],
    queryFn: () => api.get<AdminDashboard>('/_api/dashboard/admin'),
  })
}

export type RootFilters = { countryId?: number; startDate?: string; endDate?: string }

/** The root dashboard keeps showing the previous figures while a new filter loads (SPEC §4). */
export function useRootDashboard(filters: RootFilters, enabled = true) {
  return useQuery({
    queryKey: ['dashboards', 'root', filters],
    queryFn: async () => {
      const d = await api.get<RootDashboard>('/_api/dashboard/root', filters)
      return { ...d, countries: sortByName(d.countries) }
    },
    placeholderData: keepPreviousData,
    enabled,
  })
}

export type SuperAdminsPage = { superAdmins: SuperAdminRow[]; pagination: { totalPages: number } }
export function useSuperAdmins(q: { country?: string; search?: string; page: number }) {
  return useQuery({
    queryKey: ['users', 'super-admins', q],
    queryFn: () => api.get<SuperAdminsPage>('/_api/admin/super-admins', { ...q, limit: 10 }),
    placeholderData: keepPreviousData,
  })
}
