import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/client/lib/toast'
import { orderStatusLabels } from '@/shared/domain/order-status'
import type { AssignDriverInput, UpdateOrderStatusInput } from '@/shared/schemas/orders'
import type { RecordAgreementInput, WeighOrderInput } from '@/shared/schemas/weighin'
import type { CollectRestInput } from '@/shared/schemas/cash'
import { amountOwed } from '@/shared/domain/status-effects'
import { formatMoney } from '@/shared/format'
import { api, errorMessage } from '@/client/lib/api'
import { FIVE_MINUTES } from '@/client/lib/query-client'
import { callKey, queryKeyFor, queryPickFor } from '@/client/lib/queries'

/** The staff's entries of an order (src/client/lib/queries.ts). */
export const orderKeys = {
  lists: callKey('/_api/admin/orders'),
  detail: (orderId: number) => queryKeyFor('/_api/orderdetails', { orderId }),
}

/** The order's mobile money attempts and events (OrderPaymentsCard): a cancellation refunds them. */
export const orderPaymentsKey = (orderId: number) => queryKeyFor('/_api/admin/orders/payments', { orderId })

/** The order's messages (OrderMessagesCard): a change of status may have written one. */
export const orderMessageKey = (orderId: number) => queryKeyFor('/_api/admin/orders/messages', { orderId })

/** The order detail, cached five minutes. */
export function useOrderDetail(orderId: number) {
  return useQuery({
    ...queryPickFor('/_api/orderdetails', { orderId }, (answer) => answer.order),
    staleTime: FIVE_MINUTES,
    enabled: orderId > 0,
  })
}

export function useUpdateOrderStatus() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (input: UpdateOrderStatusInput) =>
      (await api.post('/_api/admin/orders/update-status', input)).order,
    onSuccess: (order) => {
      qc.setQueryData(orderKeys.detail(order.id), order)
      void qc.invalidateQueries({ queryKey: orderKeys.lists })
      void qc.invalidateQueries({ queryKey: orderMessageKey(order.id) })
      void qc.invalidateQueries({ queryKey: orderPaymentsKey(order.id) })
      toast.success(`Statut mis à jour : ${orderStatusLabels[order.status]}`)
    },
    onError: (e, input) => {
      // Refused because the order changed meanwhile (a client's cancel, another staff member):
      // the page reads it again, so the next choice starts from its real status.
      void qc.invalidateQueries({ queryKey: orderKeys.detail(Number(input.orderId)) })
      void qc.invalidateQueries({ queryKey: orderKeys.lists })
      toast.error(
        `Erreur lors de la mise à jour du statut: ${errorMessage(e, 'Erreur lors du mise à jour du statut')}`,
      )
    },
  })
}

/** Active drivers of the order's country, cached five minutes. */
export function useDrivers(orderId: number) {
  return useQuery({
    ...queryPickFor('/_api/drivers', { orderId }, (answer) => answer.drivers),
    staleTime: FIVE_MINUTES,
    enabled: orderId > 0,
  })
}

export function useAssignDriver() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (input: AssignDriverInput) => (await api.post('/_api/assigndriver', input)).order,
    onSuccess: (order) => {
      qc.setQueryData(orderKeys.detail(order.id), order)
      void qc.invalidateQueries({ queryKey: orderKeys.lists })
      toast.success('Livreur assigné avec succès !')
    },
    onError: (e) => toast.error(`Échec de l'assignation: ${errorMessage(e, 'Failed to assign driver')}`),
  })
}

/** docs/rules/orders.md#weigh-in: the weights of an order's kg lines; the answer is the repriced order. */
export function useWeighOrder() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (input: WeighOrderInput) => (await api.post('/_api/admin/orders/weigh', input)).order,
    onSuccess: (order) => {
      qc.setQueryData(orderKeys.detail(order.id), order)
      void qc.invalidateQueries({ queryKey: orderKeys.lists })
      toast.success(
        order.weighApproval === 'awaiting'
          ? 'Pesée enregistrée : le nouveau montant attend l’accord du client.'
          : 'Pesée enregistrée.',
      )
    },
    onError: (e) => toast.error(`Pesée non enregistrée : ${errorMessage(e, 'erreur inconnue')}`),
  })
}

/** The client's agreement, given by phone to the total staff read out, recorded by staff. */
export function useRecordAgreement() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (input: RecordAgreementInput & { orderId: number }) =>
      (await api.post('/_api/admin/orders/record-agreement', input)).order,
    onSuccess: (order) => {
      qc.setQueryData(orderKeys.detail(order.id), order)
      toast.success('Accord du client enregistré.')
    },
    // Weighed again meanwhile (409): the message names the new total, which the page reads again.
    onError: (e, input) => {
      toast.error(`Accord non enregistré : ${errorMessage(e, 'erreur inconnue')}`)
      void qc.invalidateQueries({ queryKey: orderKeys.detail(Number(input.orderId)) })
    },
  })
}

/** docs/rules/money.md#partly-paid: staff record the rest of a partly paid order (cash by its driver). */
export function useCollectRest() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (input: CollectRestInput) =>
      (await api.post('/_api/admin/orders/collect-rest', input)).order,
    onSuccess: (order) => {
      qc.setQueryData(orderKeys.detail(order.id), order)
      void qc.invalidateQueries({ queryKey: orderKeys.lists })
      void qc.invalidateQueries({ queryKey: callKey('/_api/admin/cash/report') })
      toast.success(
        order.paymentStatus === 'paid'
          ? 'Reste encaissé : la commande est payée.'
          : `Paiement enregistré. Reste dû : ${formatMoney(amountOwed(order))}.`,
      )
    },
    onError: (e) => toast.error(`Paiement non enregistré : ${errorMessage(e, 'erreur inconnue')}`),
  })
}
