import { lazy, Suspense, useState } from 'react'
import { tooLateToCancel } from '@/shared/domain/order-status'
import { Button } from '@/client/components/ui/button'
import { Card, CardContent } from '@/client/components/ui/card'
import { Spinner } from '@/client/components/ui/spinner'
import { ShopContact } from '@/client/components/shop-contact'
import type { OrderView } from '@/client/lib/order-view'
import { useOpenedOnce } from '@/client/lib/use-opened-once'

// The dialog's code (Radix) is downloaded when the client first opens it.
const CancelOrderDialog = lazy(() => import('./cancel-order-dialog'))

/**
 * docs/rules/orders.md#client-cancel: while its order is pending the client may cancel it, with a
 * reason, after a dialog asks; once the butchers have started, the card says to ask the shop.
 */
export function CancelOrderCard({ order }: { order: OrderView }) {
  const [open, setOpen] = useState(false)
  const mounted = useOpenedOnce(open)
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

  return (
    <Card data-testid="cancel-order">
      <CardContent className="flex flex-wrap items-center justify-between gap-3 p-4 text-sm text-stone-700 sm:p-6">
        <p>Tant que la préparation n’a pas commencé, vous pouvez annuler votre commande.</p>
        <Button variant="outline" onClick={() => setOpen(true)}>
          Annuler ma commande
        </Button>
        {mounted && (
          <Suspense fallback={<Spinner size="sm" />}>
            <CancelOrderDialog orderId={order.id} open={open} onOpenChange={setOpen} />
          </Suspense>
        )}
      </CardContent>
    </Card>
  )
}
