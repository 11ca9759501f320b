import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { orderStatusLabels, type OrderStatus } from '@/shared/domain/order-status'
import type { AssignDriverInput, UpdateOrderStatusInput } from '@/shared/schemas/orders'
import { api, errorMessage } from '../../../lib/api'
import type { OrderDetailView, OrderView } from '../../../lib/order-view'
import { FIVE_MINUTES } from '../../../lib/query-client'

/** The filters and page of GET /_api/admin/orders, as the screens send them. */
export type OrdersFilter = {
  status?: OrderStatus
  search?: string
  cityId?: number
  zoneId?: number
  page: number
  limit: number
}

export const orderKeys = {
  all: ['admin-orders'] as const,
  list: (q: OrdersFilter) => ['admin-orders', 'list', q] as const,
  detail: (id: number) => ['admin-orders', 'detail', id] as const,
  drivers: (orderId: number) => ['admin-orders', 'drivers', orderId] as const,
}

export type Driver = {
  id: number
  displayName: string
  email: string
  phoneNumber: string | null
  isActive: boolean
}

export function useAdminOrders(q: OrdersFilter) {
  return useQuery({
    queryKey: orderKeys.list(q),
    queryFn: () => api.get<{ orders: OrderView[]; total: number }>('/_api/admin/orders', q),
    placeholderData: keepPreviousData,
  })
}

/** The order detail, cached five minutes (SPEC §9). */
export function useOrderDetail(orderId: number) {
  return useQuery({
    queryKey: orderKeys.detail(orderId),
    queryFn: async () => (await api.get<{ order: OrderDetailView }>('/_api/orderdetails', { orderId })).order,
    staleTime: FIVE_MINUTES,
    enabled: orderId > 0,
  })
}

export function useUpdateOrderStatus() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (input: UpdateOrderStatusInput) =>
      (await api.post<{ order: OrderDetailView }>('/_api/admin/orders/update-status', input)).order,
    onSuccess: (order) => {
      qc.setQueryData(orderKeys.detail(order.id), order)
      void qc.invalidateQueries({ queryKey: [...orderKeys.all, 'list'] })
      toast.success(`Statut mis à jour : ${orderStatusLabels[order.status]}`)
    },
    onError: (e) =>
      toast.error(
        `Erreur lors de la mise à jour du statut: ${errorMessage(e, 'Erreur lors du mise à jour du statut')}`,
      ),
  })
}

/** Active drivers of the order's country, cached five minutes (SPEC §9). */
export function useDrivers(orderId: number) {
  return useQuery({
    queryKey: orderKeys.drivers(orderId),
    queryFn: async () => (await api.get<{ drivers: Driver[] }>('/_api/drivers', { orderId })).drivers,
    staleTime: FIVE_MINUTES,
    enabled: orderId > 0,
  })
}

export function useAssignDriver() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (input: AssignDriverInput) =>
      (await api.post<{ order: OrderDetailView }>('/_api/assigndriver', input)).order,
    onSuccess: (order) => {
      qc.setQueryData(orderKeys.detail(order.id), order)
      void qc.invalidateQueries({ queryKey: [...orderKeys.all, 'list'] })
      toast.success('Livreur assigné avec succès !')
    },
    onError: (e) => toast.error(`Échec de l'assignation: ${errorMessage(e, 'Failed to assign driver')}`),
  })
}
