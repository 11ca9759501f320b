import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { CreateCouponInput, UpdateCouponInput } from '@/shared/schemas/coupons'
import { api } from '@/client/lib/api'
import { staffErrorText } from '@/client/lib/error-text'
import { callKey, queryOptionsFor } from '@/client/lib/queries'
import { toast } from '@/client/lib/toast'

export const COUPONS_PER_PAGE = 20

/** One page of the promotion codes (docs/rules/commerce.md#coupons), searched by code on the server. */
export function useAdminCoupons(search: string, page: number) {
  return useQuery({
    ...queryOptionsFor('/_api/admin/coupons', {
      search: search.trim() || undefined,
      page,
      limit: COUPONS_PER_PAGE,
    }),
    placeholderData: keepPreviousData,
  })
}

const refresh = (qc: ReturnType<typeof useQueryClient>) =>
  void qc.invalidateQueries({ queryKey: callKey('/_api/admin/coupons') })

export function useCreateCoupon() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: CreateCouponInput) => api.post('/_api/admin/coupons', input),
    onSuccess: ({ coupon }) => {
      refresh(qc)
      toast.success(`Le code promo « ${coupon.code} » a été créé.`)
    },
    onError: (e) => toast.error(`Erreur lors de la création : ${staffErrorText(e)}`),
  })
}

export function useUpdateCoupon() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: UpdateCouponInput) => api.post('/_api/admin/coupons/update', input),
    onSuccess: ({ coupon }) => {
      refresh(qc)
      toast.success(`Le code promo « ${coupon.code} » a été enregistré.`)
    },
    onError: (e) => toast.error(`Erreur lors de l’enregistrement : ${staffErrorText(e)}`),
  })
}

export function useStopCoupon() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.post('/_api/admin/coupons/stop', { id }),
    onSuccess: ({ coupon }) => {
      refresh(qc)
      toast.success(`Le code promo « ${coupon.code} » est arrêté.`)
    },
    onError: (e) => toast.error(`Erreur lors de l’arrêt : ${staffErrorText(e)}`),
  })
}
