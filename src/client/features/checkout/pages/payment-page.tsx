import { CheckCircle2, Smartphone, XCircle } from 'lucide-react'
import { Link } from 'react-router'
import { formatMoney } from '@/shared/format'
import { paymentProviderLabels } from '@/shared/domain/payments'
import { Button } from '@/client/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card'
import { QueryState } from '@/client/components/ui/query-state'
import { Skeleton } from '@/client/components/ui/skeleton'
import { Spinner } from '@/client/components/ui/spinner'
import { usePageParams } from '@/client/lib/page-url'
import { usePaymentStatus, useSetPaymentMethod, useStartPayment } from '../api/use-payments'
import { parseOrderId } from '../lib/order-id'

/**
 * /order-confirmation/:orderId/paiement (docs/rules/money.md#payments): where the provider sends the
 * client back. The page only shows what the server says: it asks (every 3 s at first, then less
 * often) while the wallet waits for the PIN, offers to try again after a failure and to pay cash
 * instead.
 */
export default function PaymentPage() {
  const orderId = parseOrderId(usePageParams()?.orderId)
  const status = usePaymentStatus(orderId)
  const toCash = useSetPaymentMethod()
  const retry = useStartPayment()
  return (
    <div className="mx-auto max-w-lg space-y-4 py-4">
      <h1 className="text-2xl font-bold">Paiement de la commande #{orderId ?? '?'}</h1>
      <QueryState query={status} loading={<Skeleton className="h-40 w-full" />}>
        {(s) => {
          const a = s.attempt
          const amount = formatMoney(a?.amount ?? s.totalAmount - s.amountPaid)
          if (s.paymentStatus === 'paid')
            return (
              <Card className="border-emerald-300! bg-emerald-50!" data-testid="payment-paid">
                <CardContent className="flex items-start gap-3 p-4">
                  <CheckCircle2 aria-hidden className="mt-0.5 h-6 w-6 text-emerald-700" />
                  <div className="space-y-2">
                    <p className="font-semibold">Paiement reçu : {amount}. Merci !</p>
                    <p className="text-sm">Le livreur n’aura rien à vous demander.</p>
                    <Button asChild variant="outline">
                      <Link to={`/order-confirmation/${s.orderId}`}>Voir ma commande</Link>
                    </Button>
                  </div>
                </CardContent>
              </Card>
            )
          if (s.paymentMethod === 'cash')
            return (
              <Card>
                <CardContent className="space-y-2 p-4">
                  <p>Vous paierez {formatMoney(s.totalAmount)} en espèces à la livraison.</p>
                  <Button asChild variant="outline">
                    <Link to={`/order-confirmation/${s.orderId}`}>Voir ma commande</Link>
                  </Button>
                </CardContent>
              </Card>
            )
          const waiting = a?.status === 'pending'
          return (
            <Card data-testid={waiting ? 'payment-waiting' : 'payment-failed'}>
              <CardHeader>
                <CardTitle className="flex items-center gap-2">
                  {waiting ? (
                    <Smartphone aria-hidden className="h-5 w-5" />
                  ) : (
                    <XCircle aria-hidden className="h-5 w-5 text-red-700" />
                  )}
                  {waiting ? 'Validez le paiement sur votre téléphone' : 'Le paiement n’a pas abouti'}
                </CardTitle>
              </CardHeader>
              <CardContent className="space-y-3 text-sm">
                {waiting ? (
                  <p role="status" className="flex items-center gap-2">
                    <Spinner size="sm" /> {amount} avec {a.wallet ?? paymentProviderLabels[a.provider]} : nous
                    attendons la confirmation de {paymentProviderLabels[a.provider]}.
                  </p>
                ) : (
                  <p>Rien n’a été débité. Vous pouvez réessayer ou payer en espèces à la livraison.</p>
                )}
                {a && a.rounding > 0 && (
                  <p className="text-stone-600">
                    Arrondi offert par la boutique : {formatMoney(a.rounding)}.
                  </p>
                )}
                <div className="flex flex-wrap gap-2">
                  {waiting && a.checkoutUrl && (
                    <Button asChild>
                      <a href={a.checkoutUrl}>Reprendre le paiement</a>
                    </Button>
                  )}
                  {!waiting && s.paymentWallet && (
                    <Button
                      disabled={retry.isPending}
                      onClick={() => retry.mutate({ orderId: s.orderId, wallet: s.paymentWallet! })}
                    >
                      Réessayer
                    </Button>
                  )}
                  <Button
                    variant="outline"
                    disabled={toCash.isPending}
                    onClick={() => toCash.mutate({ orderId: s.orderId, method: 'cash' })}
                  >
                    Payer en espèces à la livraison
                  </Button>
                </div>
              </CardContent>
            </Card>
          )
        }}
      </QueryState>
    </div>
  )
}
