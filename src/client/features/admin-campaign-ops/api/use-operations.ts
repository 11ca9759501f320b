import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { OperationStep } from '@/shared/domain/campaign-operations'
import type { OperationsQuery } from '@/shared/schemas/campaign-operations'
import { api } from '@/client/lib/api'
import { staffErrorText } from '@/client/lib/error-text'
import { callKey, queryOptionsFor } from '@/client/lib/queries'
import { toast } from '@/client/lib/toast'

// docs/rules/campaigns-operations.md: the staff's calls on a campaign's reservations.

/** A campaign's reservations, by slot then tag, with the list's filters. */
export function useOperations(query: OperationsQuery, enabled = true) {
  return useQuery({
    ...queryOptionsFor('/_api/admin/campaigns/operations', query),
    placeholderData: keepPreviousData,
    enabled,
  })
}

function useOperation<I>(call: (input: I) => Promise<unknown>, done: string, failed: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: callKey('/_api/admin/campaigns/operations') })
      toast.success(done)
    },
    onError: (e) => {
      // Another staff member changed it meanwhile: the list is read again with the toast.
      void qc.invalidateQueries({ queryKey: callKey('/_api/admin/campaigns/operations') })
      toast.error(`${failed} : ${staffErrorText(e)}`)
    },
  })
}

export const useStep = () =>
  useOperation(
    (i: { reservationId: number; step: OperationStep }) =>
      api.post('/_api/admin/campaigns/reservations/step', i),
    'Réservation mise à jour.',
    'Étape refusée',
  )

export const useCash = () =>
  useOperation(
    (i: { reservationId: number; amount: number }) => api.post('/_api/admin/campaigns/reservations/cash', i),
    'Espèces enregistrées.',
    'Espèces non enregistrées',
  )

export const useExtend = () =>
  useOperation(
    (i: { reservationId: number; dueAt: string }) => api.post('/_api/admin/campaigns/reservations/extend', i),
    'Échéance repoussée.',
    'Échéance non changée',
  )

export const useCancel = () =>
  useOperation(
    (i: { reservationId: number }) => api.post('/_api/admin/campaigns/reservations/cancel', i),
    'Réservation annulée : le client est prévenu.',
    'Annulation refusée',
  )

export const useRefundDone = () =>
  useOperation(
    (i: { reservationId: number; attemptId: number }) =>
      api.post('/_api/admin/campaigns/reservations/refund-done', i),
    'Remboursement enregistré : le client est prévenu.',
    'Remboursement non enregistré',
  )

export const useAssignDriver = () =>
  useOperation(
    (i: { reservationId: number; driverId: number }) =>
      api.post('/_api/admin/campaigns/reservations/assign-driver', i),
    'Livreur affecté.',
    'Livreur non affecté',
  )
