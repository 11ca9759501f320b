import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/client/lib/toast'
import { api, errorMessage } from '@/client/lib/api'
import { queryKeyFor, queryPickFor } from '@/client/lib/queries'
import { orderKeys, orderMessageKey } from './orders-api'

/** docs/rules/confirmation.md#refused-at-the-door: the delivery phone's delivered and refused counts. */
export const phoneRecordKey = (orderId: number) => queryKeyFor('/_api/admin/orders/phone-record', { orderId })

export function usePhoneRecord(orderId: number) {
  return useQuery({
    ...queryPickFor('/_api/admin/orders/phone-record', { orderId }, (answer) => answer),
    enabled: orderId > 0,
  })
}

/** docs/rules/confirmation.md#confirmation: "Confirmé par téléphone". */
export function useConfirmByPhone() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (orderId: number) =>
      (await api.post('/_api/admin/orders/confirm-by-phone', { orderId })).order,
    onSuccess: (order) => {
      qc.setQueryData(orderKeys.detail(order.id), order)
      void qc.invalidateQueries({ queryKey: orderKeys.lists })
      toast.success('Commande confirmée par téléphone : elle peut passer en préparation.')
    },
    onError: (e, orderId) => {
      void qc.invalidateQueries({ queryKey: orderKeys.detail(orderId) })
      toast.error(errorMessage(e, 'La confirmation n’a pas été enregistrée.'))
    },
  })
}

/** docs/rules/confirmation.md#confirmation: "Renvoyer le lien" (a lost SMS); the former link stops working. */
export function useResendConfirmLink() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (orderId: number) =>
      (await api.post('/_api/admin/orders/resend-confirm-link', { orderId })).order,
    onSuccess: (order) => {
      qc.setQueryData(orderKeys.detail(order.id), order)
      void qc.invalidateQueries({ queryKey: orderMessageKey(order.id) })
      toast.success('Nouveau lien envoyé par SMS : l’ancien ne fonctionne plus.')
    },
    onError: (e, orderId) => {
      void qc.invalidateQueries({ queryKey: orderKeys.detail(orderId) })
      toast.error(errorMessage(e, 'Le lien n’a pas été renvoyé.'))
    },
  })
}
