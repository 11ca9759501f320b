import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import type { ConfirmDeliveryInput } from '@/shared/schemas/orders'
import { api, errorMessage } from '@/client/lib/api'

const deliveryKey = ['delivery', 'dashboard'] as const

export function useDeliveryDashboard() {
  return useQuery({
    queryKey: deliveryKey,
    queryFn: () => api.get('/_api/dashboard/delivery'),
  })
}

/**
 * The assigned driver confirms its in_delivery order: delivered and paid, with the cash it
 * collected (docs/rules.md#drivers-cash).
 */
export function useConfirmDelivery() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (input: ConfirmDeliveryInput) =>
      (await api.post('/_api/delivery/confirm', input)).order,
    onSuccess: (order) => toast.success(`Livraison de la commande #${order.id} confirmée.`),
    onError: (e) => toast.error(`Échec de la confirmation: ${errorMessage(e)}`),
    // Refreshed either way: a failure often means the order changed meanwhile.
    onSettled: () => qc.invalidateQueries({ queryKey: deliveryKey }),
  })
}
