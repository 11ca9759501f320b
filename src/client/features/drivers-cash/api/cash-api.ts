import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/client/lib/toast'
import { formatMoney } from '@/shared/format'
import type { CashCorrectionInput, CashHandoverInput, CashReportInput } from '@/shared/schemas/cash'
import { api, errorMessage } from '@/client/lib/api'
import { callKey, queryOptionsFor } from '@/client/lib/queries'

/** The daily report of a country; root waits until it has chosen one (`null`). */
export function useCashReport(input: CashReportInput | null) {
  return useQuery({
    ...queryOptionsFor('/_api/admin/cash/report', input ?? {}),
    enabled: input !== null,
    placeholderData: keepPreviousData,
  })
}

/** A handover ("remise"): the report and every balance shown are read again. */
export function useRecordHandover() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: CashHandoverInput) => api.post('/_api/admin/cash/handover', input),
    onSuccess: ({ entry, balance }) =>
      toast.success(
        `Remise de ${formatMoney(-entry.amount)} enregistrée pour ${entry.driverName}. Reste à remettre : ${formatMoney(balance)}.`,
      ),
    onError: (e) => toast.error(`Échec de la remise : ${errorMessage(e)}`),
    onSettled: () => qc.invalidateQueries({ queryKey: callKey('/_api/admin/cash/report') }),
  })
}

/** A correction: a new entry, never a change of another. */
export function useRecordCorrection() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: CashCorrectionInput) => api.post('/_api/admin/cash/correction', input),
    onSuccess: ({ entry, balance }) =>
      toast.success(`Correction enregistrée pour ${entry.driverName}. Solde : ${formatMoney(balance)}.`),
    onError: (e) => toast.error(`Échec de la correction : ${errorMessage(e)}`),
    onSettled: () => qc.invalidateQueries({ queryKey: callKey('/_api/admin/cash/report') }),
  })
}
