import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/client/lib/toast'
import { api, errorMessage } from '@/client/lib/api'
import { clientDashboardKey } from '@/client/lib/client-dashboard'
import { callKey, queryKeyFor, queryPickFor } from '@/client/lib/queries'
import { orderDetailsKey } from './use-order-details'

// docs/rules/confirmation.md#confirmation: the client's word on an order paid at the door that
// waits for it, by the SMS link (no sign-in) or from its own order page.

const linkKey = (token: string) => queryKeyFor('/_api/orders/confirm-link', { token })

/** What the SMS link shows (null token: none to read). Refused links are not asked again. */
export function useConfirmLink(token: string | null) {
  return useQuery({
    ...queryPickFor('/_api/orders/confirm-link', { token: token ?? '' }, (a) => a.order),
    enabled: token !== null,
    retry: false,
  })
}

/** "Je confirme ma commande" with the link. */
export function useConfirmByLink(token: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async () => (await api.post('/_api/orders/confirm', { token })).order,
    onSuccess: (order) => qc.setQueryData(linkKey(token), order),
    onError: () => void qc.invalidateQueries({ queryKey: linkKey(token) }),
  })
}

/** The signed-in client confirms its own order from its page. */
export function useConfirmMine() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (orderId: number) => (await api.post('/_api/orders/confirm-mine', { orderId })).order,
    onSuccess: (order) => {
      qc.setQueryData(orderDetailsKey(order.id), order)
      void qc.invalidateQueries({ queryKey: callKey('/_api/orders') })
      void qc.invalidateQueries({ queryKey: clientDashboardKey })
      toast.success('Merci, votre commande est confirmée : nous allons la préparer.')
    },
    onError: (e, orderId) => {
      toast.error(errorMessage(e, 'La confirmation n’a pas été enregistrée.'))
      void qc.invalidateQueries({ queryKey: orderDetailsKey(orderId) })
    },
  })
}
