import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ClientOrder, CreateOrderInput } from '@/shared/schemas/checkout'
import { api } from '../../../lib/api'
import { sessionKey } from '../../../lib/session'

/** POST /_api/orders/create; afterwards the orders and the session (points) are refetched (SPEC §7). */
export function useCreateOrder() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CreateOrderInput; idempotencyKey: string }) =>
      api.post<{ order: ClientOrder }>('/_api/orders/create', input, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: ({ order }) => {
      qc.setQueryData(['orders', 'detail', order.id], order)
      void qc.invalidateQueries({ queryKey: ['orders', 'mine'] })
      void qc.invalidateQueries({ queryKey: ['dashboard', 'client'] })
      void qc.invalidateQueries({ queryKey: sessionKey })
    },
  })
}
