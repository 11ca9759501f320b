import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { deliveryCalls } from '@/shared/calls/delivery'
import { api, errorMessage } from '../../../lib/api'

export const deliveryKey = ['delivery', 'dashboard'] as const

export function useDeliveryDashboard() {
  return useQuery({
    queryKey: deliveryKey,
    queryFn: () => api.call(deliveryCalls.dashboard),
  })
}

/** The assigned driver confirms its in_delivery order: delivered and paid. */
export function useConfirmDelivery() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (orderId: number) => (await api.call(deliveryCalls.confirm, { orderId })).order,
    onSuccess: (order) => toast.success(`Livraison de la commande #${order.id} confirmée.`),
    onError: (e) => toast.error(`Échec de la confirmation: ${errorMessage(e)}`),
    // Refreshed either way: a failure often means the order changed meanwhile.
    onSettled: () => qc.invalidateQueries({ queryKey: deliveryKey }),
  })
}
