import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { CallInput } from '@/shared/calls/define-call'
import type { paymentCalls } from '@/shared/calls/payments'
import { queryOptionsFor } from '@/client/lib/queries'

type ReconciliationInput = CallInput<typeof paymentCalls.reconciliation>

/**
 * A day of a country's mobile money against its orders (docs/rules/money.md#payments); root waits
 * until it has chosen a country (`null`).
 */
export function useReconciliation(input: ReconciliationInput | null) {
  return useQuery({
    ...queryOptionsFor('/_api/admin/payments/reconciliation', input ?? {}),
    enabled: input !== null,
    placeholderData: keepPreviousData,
  })
}
