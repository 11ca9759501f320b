import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { orderStatusLabels } from '@/shared/domain/order-status'
import type { AssignDriverInput, UpdateOrderStatusInput } from '@/shared/schemas/orders'
import type { WeighOrderInput } from '@/shared/schemas/weighin'
import { api, errorMessage } from '@/client/lib/api'
import { FIVE_MINUTES } from '@/client/lib/query-client'
import { adminOrderKeys } from '@/client/lib/staff-orders'

const orderKeys = {
  ...adminOrderKeys,
  detail: (id: number) => ['admin-orders', 'detail', id] as const,
  drivers: (orderId: number) => ['admin-orders', 'drivers', orderId] as const,
}

/** The order's messages (OrderMessagesCard): a change of status may have written one. */
export const orderMessageKey = (orderId: number) => ['admin-orders', 'messages', orderId] as const

/** The order detail, cached five minutes. */
export function useOrderDetail(orderId: number) {
  return useQuery({
    queryKey: orderKeys.detail(orderId),
    queryFn: async () => (await api.get('/_api/orderdetails', { orderId })).order,
    staleTime: FIVE_MINUTES,
    enabled: orderId > 0,
  })
}

export function useUpdateOrderStatus() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (input: UpdateOrderStatusInput) =>
      (await api.post('/_api/admin/orders/update-status', input)).order,
    onSuccess: (order) => {
      qc.setQueryData(orderKeys.detail(order.id), order)
      void qc.invalidateQueries({ queryKey: orderKeys.lists })
      void qc.invalidateQueries({ queryKey: orderMessageKey(order.id) })
      toast.success(`Statut mis à jour : ${orderStatusLabels[order.status]}`)
    },
    onError: (e) =>
      toast.error(
        `Erreur lors de la mise à jour du statut: ${errorMessage(e, 'Erreur lors du mise à jour du statut')}`,
      ),
  })
}

/** Active drivers of the order's country, cached five minutes. */
export function useDrivers(orderId: number) {
  return useQuery({
    queryKey: orderKeys.drivers(orderId),
    queryFn: async () => (await api.get('/_api/drivers', { orderId })).drivers,
    staleTime: FIVE_MINUTES,
    enabled: orderId > 0,
  })
}

export function useAssignDriver() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (input: AssignDriverInput) => (await api.post('/_api/assigndriver', input)).order,
    onSuccess: (order) => {
      qc.setQueryData(orderKeys.detail(order.id), order)
      void qc.invalidateQueries({ queryKey: orderKeys.lists })
      toast.success('Livreur assigné avec succès !')
    },
    onError: (e) => toast.error(`Échec de l'assignation: ${errorMessage(e, 'Failed to assign driver')}`),
  })
}

/** docs/rules.md#weigh-in: the weights of an order's kg lines; the answer is the repriced order. */
export function useWeighOrder() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (input: WeighOrderInput) => (await api.post('/_api/admin/orders/weigh', input)).order,
    onSuccess: (order) => {
      qc.setQueryData(orderKeys.detail(order.id), order)
      void qc.invalidateQueries({ queryKey: orderKeys.lists })
      toast.success(
        order.weighApproval === 'awaiting'
          ? 'Pesée enregistrée : le nouveau montant attend l’accord du client.'
          : 'Pesée enregistrée.',
      )
    },
    onError: (e) => toast.error(`Pesée non enregistrée : ${errorMessage(e, 'erreur inconnue')}`),
  })
}

/** The client's agreement, given by phone, recorded by staff. */
export function useRecordAgreement() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (orderId: number) =>
      (await api.post('/_api/admin/orders/record-agreement', { orderId })).order,
    onSuccess: (order) => {
      qc.setQueryData(orderKeys.detail(order.id), order)
      toast.success('Accord du client enregistré.')
    },
    onError: (e) => toast.error(`Accord non enregistré : ${errorMessage(e, 'erreur inconnue')}`),
  })
}
