import { useState } from 'react'
import { Link } from 'react-router'
import { CANCEL_REASON_REQUIRED, orderStatuses, type OrderStatus } from '@/shared/domain/order-status'
import { CancelReasonDialog } from '@/client/components/cancel-reason-dialog'
import { Select } from '@/client/components/ui/field'
import { OrderStatusOptions } from '@/client/components/ui/order-status-options'
import { Spinner } from '@/client/components/ui/spinner'
import { OrderStatusBadge } from '@/client/components/ui/status-badges'
import { useUpdateOrderStatus } from '../api/orders-api'
import type { Fulfilment } from '@/shared/domain/pickup'

/** Statuses the weigh-in gate holds back (docs/rules/orders.md#weigh-in). */
const gated: readonly OrderStatus[] = ['in_delivery', 'delivered']

/**
 * The status badge and dropdown. A step forward is sent at once; "Annulée" opens the
 * cancellation dialog first. A correction (a step back, or out of "Annulée") tells the client
 * nothing, as the note under the control says. `blocker` says why the order may not leave for
 * delivery yet (the server refuses it too): those statuses are then offered disabled, and the
 * reason shown under the control. `awaitsPayment` (an order chosen for mobile money, unpaid:
 * docs/rules/money.md#payments) marks the statuses that wait for the payment '(paiement attendu)'
 * and disables them, before they are chosen, by the server's own rule (`awaitsPaymentForDelivery`).
 * Each change says the status it starts from: the server refuses it if the order changed
 * meanwhile (a client's cancel), docs/rules/orders.md#order-status.
 */
export function OrderStatusControl({
  orderId,
  status,
  blocker,
  awaitsPayment,
  fulfilment,
}: {
  /** docs/rules/pickup.md#hand-over: a pickup is handed over with its code, from "À retirer". */
  fulfilment?: Fulfilment
  orderId: number
  status: OrderStatus
  blocker?: string | null
  awaitsPayment?: (to: OrderStatus) => boolean
}) {
  const update = useUpdateOrderStatus()
  const pickup = fulfilment === 'pickup' && status !== 'delivered'
  const [cancelling, setCancelling] = useState(false)
  const unpaid = orderStatuses.some((s) => awaitsPayment?.(s))
  const notes = [
    blocker ? 'order-status-blocker' : null,
    unpaid ? 'order-status-payment' : null,
    'order-status-note',
  ]
    .filter(Boolean)
    .join(' ')
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <OrderStatusBadge status={status} fulfilment={fulfilment} />
        <label htmlFor="order-status" className="sr-only">
          Changer le statut
        </label>
        <div className="min-w-48">
          <Select
            id="order-status"
            value={update.isPending ? '' : status}
            aria-describedby={notes}
            disabled={update.isPending}
            onChange={(e) => {
              const next = e.target.value as OrderStatus
              if (!next || next === status) return
              if (next === 'cancelled') setCancelling(true)
              else update.mutate({ orderId, status: next, from: status })
            }}
          >
            {update.isPending && <option value="">Mise à jour...</option>}
            <OrderStatusOptions
              fulfilment={fulfilment}
              disabled={(s) =>
                (!!blocker && gated.includes(s)) || !!awaitsPayment?.(s) || (pickup && s === 'delivered')
              }
              note={(s) =>
                awaitsPayment?.(s) ? 'paiement attendu' : pickup && s === 'delivered' ? 'avec le code' : null
              }
            />
          </Select>
        </div>
        {update.isPending && <Spinner label="Mise à jour..." />}
      </div>
      {blocker && (
        <p id="order-status-blocker" className="text-sm text-amber-800" data-testid="status-blocker">
          Pas encore de livraison : {blocker}
        </p>
      )}
      {unpaid && (
        <p id="order-status-payment" className="text-sm text-amber-800" data-testid="status-payment">
          Paiement attendu : la commande doit être payée par mobile money, ou passée en espèces, avant de
          partir en livraison.
        </p>
      )}
      {pickup && (
        <p className="text-sm text-stone-700">
          Retrait à la boutique : une fois prête, la commande se remet avec le code du client, depuis{' '}
          <Link to="/admin/pickups" className="text-brand underline">
            À retirer
          </Link>
          .
        </p>
      )}
      <p id="order-status-note" className="text-xs text-stone-500">
        Une correction (retour à une étape précédente) n’envoie aucun message au client.
      </p>
      {/* Cancelling asks first (docs/rules/orders.md#order-status): the reason the client reads on
          its order page and in the cancellation e-mail; nothing is sent before it is confirmed. */}
      <CancelReasonDialog
        id="cancel-reason"
        open={cancelling}
        onOpenChange={setCancelling}
        title="Annuler la commande ?"
        description="Le client reçoit un e-mail qui le lui dit, avec la raison ci-dessous ; il la lit aussi sur la page de sa commande."
        placeholder="Ex. : le produit commandé n’est plus disponible aujourd’hui."
        required={CANCEL_REASON_REQUIRED}
        keepLabel="Garder la commande"
        pending={update.isPending}
        onConfirm={(reason) =>
          update.mutate(
            { orderId, status: 'cancelled', from: status, reason },
            { onSuccess: () => setCancelling(false) },
          )
        }
      />
    </div>
  )
}
