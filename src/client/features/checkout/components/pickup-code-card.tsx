import { KeyRound } from 'lucide-react'
import { formatMoney } from '@/shared/format'
import { stillOwed } from '@/shared/domain/payable'
import type { OrderStatus, PaymentStatus } from '@/shared/domain/order-status'
import { Card, CardContent } from '@/client/components/ui/card'

/**
 * A pickup order's collection code (docs/rules/pickup.md#the-code), shown from the start: the shop
 * hands the order over only to whoever gives it. Also what is left to pay at the counter.
 */
export function PickupCodeCard({
  order,
}: {
  order: {
    fulfilment: string
    pickupCode: string | null
    status: OrderStatus
    zoneName: string
    totalAmount: number
    amountPaid: number
    paymentStatus: PaymentStatus
  }
}) {
  if (order.fulfilment !== 'pickup' || !order.pickupCode || order.status === 'cancelled') return null
  const collected = order.status === 'delivered'
  const owed = stillOwed(order)
  return (
    <Card className="border-brand/40 bg-brand/5">
      <CardContent className="flex flex-col items-center gap-2 p-4 text-center sm:p-6">
        <KeyRound className="h-6 w-6 text-brand" aria-hidden />
        <h2 className="text-base font-semibold text-stone-900">
          {collected ? 'Commande retirée' : 'Votre code de retrait'}
        </h2>
        {!collected && (
          <>
            <p
              className="font-mono text-4xl font-bold tracking-[0.3em] text-stone-900"
              data-testid="pickup-code"
            >
              {order.pickupCode}
            </p>
            <p className="text-sm text-stone-700">
              {order.status === 'in_delivery'
                ? `Votre commande est prête à la boutique ${order.zoneName}. Donnez ce code au comptoir.`
                : `Donnez ce code au comptoir de la boutique ${order.zoneName} : nous vous écrirons quand la commande sera prête.`}
            </p>
            {owed > 0 && (
              <p className="text-sm text-stone-700">
                À régler au retrait : <span className="font-semibold">{formatMoney(owed)}</span> (espèces ou
                mobile money).
              </p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  )
}
