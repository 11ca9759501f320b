import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import type { WeighAnswerInput } from '@/shared/schemas/weighin'
import { api, errorMessage } from '@/client/lib/api'
import { orderDetailsKey } from './use-order-details'

/** The client accepts or refuses the weighed total of its order (docs/rules.md#weigh-in). */
export function useWeighAnswer() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (input: WeighAnswerInput) => (await api.post('/_api/orders/weigh-answer', input)).order,
    onSuccess: (order) => {
      qc.setQueryData(orderDetailsKey(order.id), order)
      void qc.invalidateQueries({ queryKey: ['orders'] })
      toast.success(
        order.weighApproval === 'accepted'
          ? 'Merci : le nouveau montant est accepté.'
          : 'Refus enregistré : la boutique vous recontacte.',
      )
    },
    onError: (e) => toast.error(errorMessage(e, 'Réponse non enregistrée.')),
  })
}
