import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { VoucherStatus } from '@/shared/domain/vouchers'
import type { ResendVoucherInput } from '@/shared/schemas/vouchers'
import { api } from '@/client/lib/api'
import { callKey, queryOptionsFor } from '@/client/lib/queries'
import { toast } from '@/client/lib/toast'

// Gift vouchers as staff see them (docs/rules/gift-vouchers.md#staff), one hook per call.

export const VOUCHERS_PER_PAGE = 20

/** One page of the vouchers, by state, searched by a name or a phone on the server. */
export function useAdminVouchers(search: string, status: VoucherStatus | '', page: number) {
  return useQuery({
    ...queryOptionsFor('/_api/admin/vouchers', {
      search: search.trim() || undefined,
      status: status || undefined,
      page,
      limit: VOUCHERS_PER_PAGE,
    }),
    placeholderData: keepPreviousData,
  })
}

/** A paid voucher's code sent again (a new code). Its errors are the dialog's to show. */
export function useResendVoucher() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: ResendVoucherInput) => api.post('/_api/admin/vouchers/resend', input),
    onSuccess: ({ voucher }) => {
      void qc.invalidateQueries({ queryKey: callKey('/_api/admin/vouchers') })
      toast.success(`Un nouveau code a été envoyé par SMS au ${voucher.recipientPhone}.`)
    },
  })
}
