import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateOrderInput } from '@/shared/schemas/checkout'
import { api, ApiError } from '@/client/lib/api'
import { clientDashboardKey } from '@/client/lib/client-dashboard'
import { sessionKey } from '@/client/lib/session'
import { orderDetailsKey } from './use-order-details'

/**
 * POST /_api/orders/create; afterwards the orders and the session (points) are refetched, and
 * the catalogue when the order may have changed what is left (docs/rules.md#stock).
 */
export function useCreateOrder() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CreateOrderInput; idempotencyKey: string }) =>
      api.post('/_api/orders/create', input, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: ({ order }) => {
      qc.setQueryData(orderDetailsKey(order.id), order)
      void qc.invalidateQueries({ queryKey: ['orders', 'mine'] })
      void qc.invalidateQueries({ queryKey: clientDashboardKey })
      void qc.invalidateQueries({ queryKey: sessionKey })
      void qc.invalidateQueries({ queryKey: ['products'] })
    },
    onError: (e) => {
      if (e instanceof ApiError && e.code === 'OUT_OF_STOCK')
        void qc.invalidateQueries({ queryKey: ['products'] })
    },
  })
}
