import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/client/lib/toast'
import type { WeighAnswerInput } from '@/shared/schemas/weighin'
import { api, errorMessage } from '@/client/lib/api'
import { callKey } from '@/client/lib/queries'
import { orderDetailsKey } from './use-order-details'

/** The client accepts or refuses the weighed total it read of its order (docs/rules/orders.md#weigh-in). */
export function useWeighAnswer() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (input: WeighAnswerInput & { orderId: number }) =>
      (await api.post('/_api/orders/weigh-answer', input)).order,
    onSuccess: (order) => {
      qc.setQueryData(orderDetailsKey(order.id), order)
      // The client's orders: its list and each order's details.
      void qc.invalidateQueries({ queryKey: callKey('/_api/orders') })
      void qc.invalidateQueries({ queryKey: callKey('/_api/orders/details') })
      toast.success(
        order.weighApproval === 'accepted'
          ? 'Merci : le nouveau montant est accepté.'
          : 'Refus enregistré : la boutique vous recontacte.',
      )
    },
    // Weighed again meanwhile (409): the message names the new total; the order is read again so
    // that the card shows it, and the client answers that one.
    onError: (e, input) => {
      toast.error(errorMessage(e, 'Réponse non enregistrée.'))
      void qc.invalidateQueries({ queryKey: orderDetailsKey(input.orderId) })
    },
  })
}
