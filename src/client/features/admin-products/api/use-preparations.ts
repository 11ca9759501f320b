import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/client/lib/toast'
import type { CreatePreparationInput } from '@/shared/schemas/products'
import { staffErrorText } from '@/client/lib/error-text'
import { api } from '@/client/lib/api'
import { callKey, queryPickFor } from '@/client/lib/queries'

/**
 * A country's preparations (docs/rules/catalogue.md#preparations): a super_admin's own (no id
 * sent), root's chosen country; nothing read until there is one to read.
 */
export function usePreparations(countryId: number | undefined, enabled = true) {
  return useQuery({
    ...queryPickFor('/_api/admin/preparations', { countryId }, (answer) => answer.preparations),
    enabled,
    staleTime: 60_000,
  })
}

function useRefresh() {
  const qc = useQueryClient()
  // A product's offers name its preparations: the products' lists change with them.
  const calls = [
    callKey('/_api/admin/preparations'),
    callKey('/_api/admin/products'),
    callKey('/_api/products'),
    callKey('/_api/featured'),
  ]
  return () => Promise.all(calls.map((queryKey) => qc.invalidateQueries({ queryKey })))
}

export function useCreatePreparation() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (input: CreatePreparationInput) => api.post('/_api/admin/preparations', input),
    onSuccess: ({ preparation }) => {
      toast.success(`La préparation « ${preparation.name} » a été ajoutée.`)
      return refresh()
    },
    onError: (e) => toast.error(`Erreur lors de l’ajout : ${staffErrorText(e)}`),
  })
}

export function useRenamePreparation() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (input: { id: number; name: string }) => api.post('/_api/admin/preparations/update', input),
    onSuccess: ({ preparation }) => {
      toast.success(`La préparation s’appelle maintenant « ${preparation.name} ».`)
      return refresh()
    },
    onError: (e) => toast.error(`Erreur lors du renommage : ${staffErrorText(e)}`),
  })
}

export function useDeletePreparation() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (p: { id: number; name: string }) =>
      api.post('/_api/admin/preparations/delete', { id: p.id }),
    onSuccess: (_, p) => {
      toast.success(`La préparation « ${p.name} » a été supprimée.`)
      return refresh()
    },
    onError: (e) => toast.error(`Erreur lors de la suppression : ${staffErrorText(e)}`),
  })
}
