import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { ClientOrder } from '@/shared/schemas/checkout'
import { api } from '../../../lib/api'

export function useClientOrders(filter: { search: string; status: string }) {
  return useQuery({
    queryKey: ['orders', 'mine', filter],
    queryFn: async () => (await api.get<{ orders: ClientOrder[] }>('/_api/orders', filter)).orders,
    placeholderData: keepPreviousData,
  })
}

export type ClientDashboard = { loyaltyPoints: number; pointValueInCfa: number; orders: ClientOrder[] }

export function useClientDashboard() {
  return useQuery({
    queryKey: ['dashboard', 'client'],
    queryFn: () => api.get<ClientDashboard>('/_api/dashboard/client'),
  })
}
