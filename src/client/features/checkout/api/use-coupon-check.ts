import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api } from '@/client/lib/api'

/**
 * POST /_api/coupons/check (docs/rules/commerce.md#coupons): what the applied code gives on the
 * cart's goods, asked again when they change; none asked without a code.
 */
export function useCouponCheck(code: string | null, subtotal: number) {
  return useQuery({
    queryKey: ['/_api/coupons/check', { code, subtotal }],
    queryFn: () => api.post('/_api/coupons/check', { code: code!, subtotal }),
    enabled: !!code,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })
}
