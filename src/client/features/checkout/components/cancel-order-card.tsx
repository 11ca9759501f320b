import { useState, type FormEvent } from 'react'
import { CANCEL_REASON_MAX, tooLateToCancel } from '@/shared/domain/order-status'
import { CLIENT_CANCEL_REASON_REQUIRED } from '@/shared/schemas/checkout'
import { Button } from '@/client/components/ui/button'
import { Card, CardContent } from '@/client/components/ui/card'
import { Dialog, FormActions } from '@/client/components/ui/dialog'
import { Field, Textarea } from '@/client/components/ui/field'
import { ShopContact } from '@/client/components/shop-contact'
import type { OrderView } from '@/client/lib/order-view'
import { useCancelOrder } from '../api/use-cancel-order'

/**
 * docs/rules/orders.md#client-cancel: while its order is pending the client may cancel it, with a
 * reason, after a dialog asks; once the butchers have started, the card says to ask the shop.
 */
export function CancelOrderCard({ order }: { order: OrderView }) {
  const cancel = useCancelOrder()
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string>()
  if (order.status === 'cancelled' || order.status === 'delivered') return null

  if (order.status !== 'pending')
    return (
      <Card data-testid="cancel-order">
        <CardContent className="space-y-2 p-4 text-sm text-stone-700 sm:p-6">
          <p>
            {tooLateToCancel(order.status)} Pour l’annuler ou la modifier, écrivez ou téléphonez à la
            boutique.
          </p>
          <ShopContact
            countryId={order.countryId}
            message={`Bonjour Étal, je souhaite modifier ou annuler ma commande n° ${order.id} :`}
          />
        </CardContent>
      </Card>
    )

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const text = reason.trim()
    if (!text) return setError(CLIENT_CANCEL_REASON_REQUIRED)
    cancel.mutate({ orderId: order.id, reason: text }, { onSettled: () => setOpen(false) })
  }
  return (
    <Card data-testid="cancel-order">
      <CardContent className="flex flex-wrap items-center justify-between gap-3 p-4 text-sm text-stone-700 sm:p-6">
        <p>Tant que la préparation n’a pas commencé, vous pouvez annuler votre commande.</p>
        <Dialog
          open={open}
          onOpenChange={(next) => {
            if (!next) setError(undefined)
            setOpen(next)
          }}
          title="Annuler votre commande ?"
          description="La boutique ne la préparera pas et vous ne paierez rien. Dites-nous pourquoi : cela nous aide."
          trigger={<Button variant="outline">Annuler ma commande</Button>}
        >
          <form onSubmit={submit} className="space-y-4" noValidate>
            <Field label="Raison de l’annulation" htmlFor="client-cancel-reason" error={error}>
              <Textarea
                id="client-cancel-reason"
                rows={3}
                maxLength={CANCEL_REASON_MAX}
                value={reason}
                placeholder="Ex. : je me suis trompé de quantité."
                onChange={(e) => {
                  setReason(e.target.value)
                  if (error) setError(undefined)
                }}
              />
            </Field>
            <FormActions
              onCancel={() => setOpen(false)}
              pending={cancel.isPending}
              submitLabel="Annuler la commande"
              pendingLabel="Annulation…"
              cancelLabel="Garder ma commande"
            />
          </form>
        </Dialog>
      </CardContent>
    </Card>
  )
}
