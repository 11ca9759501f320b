import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/client/lib/toast'
import { formatMoney } from '@/shared/format'
import type { ConfirmDeliveryInput } from '@/shared/schemas/orders'
import { api, errorMessage } from '@/client/lib/api'
import { queryKeyFor, queryOptionsFor } from '@/client/lib/queries'
import { useLiveOrders } from '@/client/lib/live-orders'

const deliveryKey = queryKeyFor('/_api/dashboard/delivery')

/** The driver's orders; they follow its orders' changes as they happen (docs/rules/orders.md#live). */
export function useDeliveryDashboard() {
  useLiveOrders('driver')
  return useQuery(queryOptionsFor('/_api/dashboard/delivery'))
}

/**
 * The assigned driver confirms its in_delivery order: delivered and paid, with the cash it
 * collected (docs/rules/money.md#drivers-cash).
 */
export function useConfirmDelivery() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (input: ConfirmDeliveryInput) =>
      (await api.post('/_api/delivery/confirm', input)).order,
    onSuccess: (order) => toast.success(`Livraison de la commande #${order.id} confirmée.`),
    onError: (e) => toast.error(`Échec de la confirmation: ${errorMessage(e)}`),
    // Refreshed either way: a failure often means the order changed meanwhile.
    onSettled: () => qc.invalidateQueries({ queryKey: deliveryKey }),
  })
}

/** docs/rules/money.md#partly-paid: the driver collects the rest of its partly paid order. */
export function useCollectRestByDriver() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (input: { orderId: number; amount: number; reason?: string }) =>
      (await api.post('/_api/delivery/collect-rest', input)).order,
    onSuccess: (order) =>
      toast.success(
        order.paymentStatus === 'paid'
          ? `Reste de la commande #${order.id} encaissé : elle est payée.`
          : `Paiement de la commande #${order.id} enregistré.`,
      ),
    onError: (e) => toast.error(`Paiement non enregistré : ${errorMessage(e)}`),
    onSettled: () => qc.invalidateQueries({ queryKey: deliveryKey }),
  })
}

/** docs/rules/campaigns-operations.md#delivery-on-the-eve: a feast's animal delivered, its balance collected. */
export function useEveDelivered() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: { reservationId: number; cashCollected: number }) =>
      api.post('/_api/delivery/campaign-delivered', input),
    onSuccess: (r) =>
      toast.success(
        r.amountCollected > 0
          ? `Animal livré : ${formatMoney(r.amountCollected)} encaissés.`
          : 'Animal livré.',
      ),
    onError: (e) => toast.error(`Livraison non enregistrée : ${errorMessage(e)}`),
    onSettled: () => qc.invalidateQueries({ queryKey: deliveryKey }),
  })
}
