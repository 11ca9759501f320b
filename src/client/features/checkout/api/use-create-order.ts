import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query'
import type { CreateOrderInput } from '@/shared/schemas/checkout'
import { api, ApiError } from '@/client/lib/api'
import { addressesKey } from '@/client/lib/addresses'
import { clientDashboardKey } from '@/client/lib/client-dashboard'
import { callKey } from '@/client/lib/queries'
import { sessionKey } from '@/client/lib/session'
import { orderDetailsKey } from './use-order-details'

/** The storefront's reads of the catalogue: its listings and products by id, the home page's. */
const catalogueKeys = [callKey('/_api/products'), callKey('/_api/featured')]

/**
 * POST /_api/orders/create. What the order changed is marked stale, and read again where it is
 * shown next, not now (docs/rules/phones-offline.md#phone-first-load): the cart that reads the
 * dashboard's point value, the addresses and the session is about to leave for the
 * confirmation, which reads none of them. The orders' lists, the client's dashboard and its
 * addresses (the one used is now the last used; a saved one joined them) always; the session
 * only when points were spent (its balance); the catalogue (docs/rules/catalogue.md#stock) on
 * its next view, or at once after an "out of stock" refusal, for the cart to show it.
 */
export function useCreateOrder() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CreateOrderInput; idempotencyKey: string }) =>
      api.post('/_api/orders/create', input, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: ({ order }, { input }) => {
      qc.setQueryData(orderDetailsKey(order.id), order)
      const changed: QueryKey[] = [
        callKey('/_api/orders'),
        clientDashboardKey,
        addressesKey,
        ...catalogueKeys,
      ]
      if ((input.pointsToUse ?? 0) > 0) changed.push(sessionKey)
      for (const queryKey of changed) void qc.invalidateQueries({ queryKey, refetchType: 'none' })
    },
    onError: (e) => {
      if (e instanceof ApiError && e.code === 'OUT_OF_STOCK')
        for (const queryKey of catalogueKeys) void qc.invalidateQueries({ queryKey })
    },
  })
}
