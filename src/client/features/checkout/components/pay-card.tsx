import { useState } from 'react'
import { partlyReceived, payNow } from '@/shared/domain/payable'
import { formatMoney } from '@/shared/format'
import { Button } from '@/client/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card'
import type { OrderView } from '@/client/lib/order-view'
import { useSetPaymentMethod, useStartPayment, useWallets } from '../api/use-payments'

/**
 * "Payer 12 100 F CFA" (docs/rules/money.md#payments): an order chosen for mobile money, payable now
 * (pieces at once, kg lines once weighed and agreed; the agreement and the payment one step). An
 * order that received part of its total already says so, and asks for the rest only.
 */
export function PayCard({ order }: { order: OrderView }) {
  const { open, needsAgreement } = payNow(order)
  const wallets = useWallets(open)
  const start = useStartPayment()
  const toCash = useSetPaymentMethod()
  const offered = wallets.data ?? []
  const [chosen, setChosen] = useState<string | null>(null)
  if (!open) return null
  const wallet =
    chosen ??
    (offered.some((w) => w.wallet === order.paymentWallet) ? order.paymentWallet : offered[0]?.wallet) ??
    null
  const amount = formatMoney(order.totalAmount)
  // Part of the total received already (an old attempt, a total weighed again): only the rest is asked.
  const part = partlyReceived(order)
  const toPay = formatMoney(part ? part.rest : order.totalAmount)
  return (
    // `!`: Card's own bg-white and border-stone-200 come later in the CSS (cn does not merge).
    <Card className="border-emerald-300! bg-emerald-50!" data-testid="pay-card">
      <CardHeader>
        <CardTitle>
          {order.paymentStatus === 'failed' ? 'Le paiement n’a pas abouti' : 'Payer par mobile money'}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm text-stone-800">
        {needsAgreement && (
          <p>
            Le montant pesé est de <span className="font-semibold">{amount}</span> : en payant, vous
            l’acceptez.
          </p>
        )}
        {part && (
          <p data-testid="pay-rest">
            Déjà reçu : <span className="font-semibold">{formatMoney(part.received)}</span>
            <br />
            Reste à payer : <span className="font-semibold">{toPay}</span>
          </p>
        )}
        {offered.length > 1 && (
          <fieldset className="space-y-1">
            <legend className="font-medium">Portefeuille</legend>
            <div className="flex flex-wrap gap-3">
              {offered.map((w) => (
                <label key={w.wallet} className="flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name="pay-wallet"
                    value={w.wallet}
                    checked={wallet === w.wallet}
                    onChange={() => setChosen(w.wallet)}
                  />
                  {w.wallet}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <div className="flex flex-wrap gap-2">
          <Button
            size="lg"
            disabled={!wallet}
            pending={start.isPending}
            onClick={() =>
              wallet &&
              start.mutate(
                needsAgreement
                  ? // The agreement names the total read (docs/rules/orders.md#weigh-in).
                    { orderId: order.id, wallet, accept: true, total: order.totalAmount }
                  : { orderId: order.id, wallet },
              )
            }
          >
            {needsAgreement ? `Accepter et payer ${toPay}` : `Payer ${toPay}`}
          </Button>
          <Button
            variant="outline"
            disabled={toCash.isPending}
            onClick={() => toCash.mutate({ orderId: order.id, method: 'cash' })}
          >
            Payer en espèces à la livraison
          </Button>
        </div>
      </CardContent>
    </Card>
  )
}
