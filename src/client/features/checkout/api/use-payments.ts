import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, errorMessage } from '@/client/lib/api'
import { queryKeyFor, queryOptionsFor, queryPickFor } from '@/client/lib/queries'
import { toast } from '@/client/lib/toast'
import { useWaitingPoll } from '@/client/lib/waiting-poll'
import type { StartPaymentInput } from '@/shared/schemas/payments'
import { orderDetailsKey } from './use-order-details'

// Mobile money (docs/rules/money.md#payments): the wallets of the client's country, paying an order,
// and the waiting page's question.

const paymentStatusKey = (orderId: number) => queryKeyFor('/_api/payments/status', { orderId })

export function useWallets(enabled = true) {
  return useQuery({
    ...queryPickFor('/_api/payments/wallets', {}, (answer) => answer.wallets),
    staleTime: 5 * 60_000,
    enabled,
  })
}

/** Starts (or resumes) paying: the provider's page is opened next (a full navigation). */
export function useStartPayment() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (input: StartPaymentInput & { orderId: number }) =>
      (await api.post('/_api/payments/start', input)).attempt,
    onSuccess: (attempt) => {
      if (attempt.checkoutUrl) window.location.assign(attempt.checkoutUrl)
    },
    // Weighed again meanwhile (409 WEIGHED_TOTAL_CHANGED): the order is read again, so that the
    // card shows the new total to accept.
    onError: (e, input) => {
      toast.error(errorMessage(e, 'Le paiement n’a pas pu commencer. Réessayez.'))
      void qc.invalidateQueries({ queryKey: orderDetailsKey(input.orderId) })
    },
  })
}

/**
 * The order's payment, asked while an attempt is pending (the server asks the provider): every 3 s
 * at first, less often as the wait goes on (`waitingPollDelayMs`).
 */
export function usePaymentStatus(orderId: number | null) {
  const poll = useWaitingPoll()
  return useQuery({
    ...queryOptionsFor('/_api/payments/status', { orderId: orderId ?? 0 }),
    enabled: orderId !== null,
    refetchInterval: (q) =>
      poll(q.state.data?.paymentStatus === 'pending' && q.state.data.attempt?.status === 'pending'),
  })
}

export function useSetPaymentMethod() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (input: { orderId: number; method: 'cash' | 'mobile_money'; wallet?: string }) =>
      api.post('/_api/payments/method', input),
    onSuccess: (state) => {
      qc.setQueryData(paymentStatusKey(state.orderId), state)
      void qc.invalidateQueries({ queryKey: orderDetailsKey(state.orderId) })
      toast.success(
        state.paymentMethod === 'cash'
          ? 'Vous paierez en espèces à la livraison.'
          : 'Mode de paiement changé.',
      )
    },
    onError: (e) => toast.error(errorMessage(e, 'Le mode de paiement n’a pas changé.')),
  })
}
