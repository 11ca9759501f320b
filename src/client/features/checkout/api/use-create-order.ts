import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateOrderInput } from '@/shared/schemas/checkout'
import { api } from '../../../lib/api'
import { clientDashboardKey } from '../../../lib/client-dashboard'
import { sessionKey } from '../../../lib/session'
import { orderDetailsKey } from './use-order-details'

/** POST /_api/orders/create; afterwards the orders and the session (points) are refetched. */
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
    },
  })
}
