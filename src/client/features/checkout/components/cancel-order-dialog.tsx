import { CLIENT_CANCEL_REASON_REQUIRED } from '@/shared/domain/order-status'
import { CancelReasonDialog } from '@/client/components/cancel-reason-dialog'
import { useCancelOrder } from '../api/use-cancel-order'

/**
 * The client's "Annuler votre commande ?" (docs/rules/orders.md#client-cancel). Its own module: the
 * dialog's code (Radix) is downloaded when a client first opens it, not with the order's page.
 */
export default function CancelOrderDialog({
  orderId,
  open,
  onOpenChange,
}: {
  orderId: number
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const cancel = useCancelOrder()
  return (
    <CancelReasonDialog
      id="client-cancel-reason"
      open={open}
      onOpenChange={onOpenChange}
      title="Annuler votre commande ?"
      description="La boutique ne la préparera pas et vous ne paierez rien. Dites-nous pourquoi : cela nous aide."
      placeholder="Ex. : je me suis trompé de quantité."
      required={CLIENT_CANCEL_REASON_REQUIRED}
      keepLabel="Garder ma commande"
      pending={cancel.isPending}
      onConfirm={(reason) => cancel.mutate({ orderId, reason }, { onSettled: () => onOpenChange(false) })}
    />
  )
}
