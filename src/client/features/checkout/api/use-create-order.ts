import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateOrderInput } from '@/shared/schemas/checkout'
import { api, ApiError } from '@/client/lib/api'
import { clientDashboardKey } from '@/client/lib/client-dashboard'
import { callKey } from '@/client/lib/queries'
import { sessionKey } from '@/client/lib/session'
import { orderDetailsKey } from './use-order-details'

/**
 * POST /_api/orders/create; afterwards the orders and the session (points) are refetched, and
 * the catalogue when the order may have changed what is left (docs/rules/catalogue.md#stock): after an
 * order on its next view, after an "out of stock" refusal at once, for the cart to show it.
 */
/** The storefront's reads of the catalogue: its listings and products by id, the home page's. */
const catalogueKeys = [callKey('/_api/products'), callKey('/_api/featured')]

export function useCreateOrder() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CreateOrderInput; idempotencyKey: string }) =>
      api.post('/_api/orders/create', input, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: ({ order }) => {
      qc.setQueryData(orderDetailsKey(order.id), order)
      void qc.invalidateQueries({ queryKey: callKey('/_api/orders') })
      void qc.invalidateQueries({ queryKey: clientDashboardKey })
      void qc.invalidateQueries({ queryKey: sessionKey })
      // Marked stale, not read again now: the cart that shows it is about to leave, and on a
      // metered phone the next catalogue page reads it when it is opened (docs/rules/catalogue.md#stock).
      for (const queryKey of catalogueKeys) void qc.invalidateQueries({ queryKey, refetchType: 'none' })
    },
    onError: (e) => {
      if (e instanceof ApiError && e.code === 'OUT_OF_STOCK')
        for (const queryKey of catalogueKeys) void qc.invalidateQueries({ queryKey })
    },
  })
}
