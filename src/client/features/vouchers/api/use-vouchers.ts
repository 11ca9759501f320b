import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/client/lib/api'
import { callKey, queryOptionsFor, queryPickFor } from '@/client/lib/queries'
import { useWaitingPoll } from '@/client/lib/waiting-poll'
import type { BuyVoucherInput } from '@/shared/schemas/vouchers'

// Gift vouchers as the client reads them (docs/rules/gift-vouchers.md), one hook per call.

/** The wallets of the client's country. */
export function useWallets() {
  return useQuery({ ...queryPickFor('/_api/payments/wallets', {}, (a) => a.wallets), staleTime: 5 * 60_000 })
}

/** Buys a voucher; the provider's page is opened next (a full navigation). */
export function useBuyVoucher() {
  return useMutation({
    mutationFn: async (input: BuyVoucherInput) => api.post('/_api/vouchers/buy', input),
    onSuccess: ({ attempt }) => {
      if (attempt.checkoutUrl) window.location.assign(attempt.checkoutUrl)
    },
  })
}

/** One's voucher back from the provider's page, asked again (backing off) while its payment is pending. */
export function useVoucher(id: number | null) {
  const poll = useWaitingPoll()
  return useQuery({
    ...queryOptionsFor('/_api/vouchers/one', { id: id ?? 0 }),
    enabled: id !== null,
    refetchInterval: (q) =>
      poll(q.state.data?.voucher.status === 'pending' && q.state.data.attempt?.status === 'pending'),
  })
}

/** Adds a voucher to one's store credit by its code. */
export function useRedeemVoucher() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (code: string) => api.post('/_api/vouchers/redeem', { code }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: callKey('/_api/account/credit') }),
  })
}
