import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { CreateShopInput, UpdateShopInput } from '@/shared/schemas/shops'
import { api } from '@/client/lib/api'
import { staffErrorText } from '@/client/lib/error-text'
import { callKey, queryOptionsFor } from '@/client/lib/queries'
import { toast } from '@/client/lib/toast'

/** The country's shops (docs/rules/pickup.md#shops). */
export function useAdminShops() {
  return useQuery(queryOptionsFor('/_api/admin/shops', {}))
}

const refresh = (qc: ReturnType<typeof useQueryClient>) => {
  void qc.invalidateQueries({ queryKey: callKey('/_api/admin/shops') })
  void qc.invalidateQueries({ queryKey: callKey('/_api/shops') })
}

export function useCreateShop() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: CreateShopInput) => api.post('/_api/admin/shops', input),
    onSuccess: ({ shop }) => {
      refresh(qc)
      toast.success(`La boutique « ${shop.name} » a été créée.`)
    },
    onError: (e) => toast.error(`Erreur lors de la création : ${staffErrorText(e)}`),
  })
}

export function useUpdateShop() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: UpdateShopInput) => api.post('/_api/admin/shops/update', input),
    onSuccess: ({ shop }) => {
      refresh(qc)
      toast.success(`La boutique « ${shop.name} » a été enregistrée.`)
    },
    onError: (e) => toast.error(`Erreur lors de l’enregistrement : ${staffErrorText(e)}`),
  })
}
