import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { HandOverInput } from '@/shared/schemas/shops'
import { api } from '@/client/lib/api'
import { staffErrorText } from '@/client/lib/error-text'
import { callKey, queryOptionsFor } from '@/client/lib/queries'
import { toast } from '@/client/lib/toast'

/** "À retirer": the ready pickup orders (docs/rules/pickup.md#hand-over); `polling` while a QR waits. */
export function usePickups(polling: boolean) {
  return useQuery({ ...queryOptionsFor('/_api/admin/pickups', {}), refetchInterval: polling ? 3000 : false })
}

const refresh = (qc: ReturnType<typeof useQueryClient>) => {
  void qc.invalidateQueries({ queryKey: callKey('/_api/admin/pickups') })
  void qc.invalidateQueries({ queryKey: callKey('/_api/admin/orders') })
}

/** Hands the order over; a wrong code is the caller's to show (on the field), not a toast. */
export function useHandOver() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: HandOverInput) => api.post('/_api/admin/pickups/hand-over', input),
    onSuccess: ({ order }) => {
      refresh(qc)
      toast.success(`Commande n° ${order.id} remise au client.`)
    },
  })
}

export function useResetCode() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (orderId: number) => api.post('/_api/admin/pickups/reset-code', { orderId }),
    onSuccess: ({ order }) => {
      refresh(qc)
      toast.success(`Le retrait de la commande n° ${order.id} est débloqué.`)
    },
    onError: (e) => toast.error(staffErrorText(e)),
  })
}

export function useCounterPayment() {
  return useMutation({
    mutationFn: async (orderId: number) =>
      (await api.post('/_api/admin/pickups/payments/start', { orderId })).attempt,
    onError: (e) => toast.error(staffErrorText(e, { fallback: 'Le paiement n’a pas pu commencer.' })),
  })
}
