import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/client/lib/toast'
import type { ClientCancelInput } from '@/shared/schemas/checkout'
import { api, errorMessage } from '@/client/lib/api'
import { clientDashboardKey } from '@/client/lib/client-dashboard'
import { callKey } from '@/client/lib/queries'
import { orderDetailsKey } from './use-order-details'

/** The client cancels its own pending order (docs/rules/orders.md#client-cancel). */
export function useCancelOrder() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (input: ClientCancelInput & { orderId: number }) =>
      (await api.post('/_api/orders/cancel', input)).order,
    onSuccess: (order) => {
      qc.setQueryData(orderDetailsKey(order.id), order)
      void qc.invalidateQueries({ queryKey: callKey('/_api/orders') })
      void qc.invalidateQueries({ queryKey: clientDashboardKey })
      toast.success('Votre commande est annulée.')
    },
    // In preparation meanwhile (409): the message says to ask the shop; the page reads the order again.
    onError: (e, input) => {
      toast.error(errorMessage(e, 'Annulation non enregistrée.'))
      void qc.invalidateQueries({ queryKey: orderDetailsKey(input.orderId) })
    },
  })
}
