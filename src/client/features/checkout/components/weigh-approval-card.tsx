import { formatMoney } from '@/shared/format'
import { Button } from '@/client/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card'
import type { OrderView } from '@/client/lib/order-view'
import { useWeighAnswer } from '../api/use-weigh-answer'

/**
 * The client's say on a weighed total beyond the shop's tolerance (docs/rules.md#weigh-in): accept
 * it, or refuse it (the order stays in preparation; the shop weighs again or cancels; nothing is
 * charged without agreement).
 */
export function WeighApprovalCard({ order }: { order: OrderView }) {
  const answer = useWeighAnswer()
  if (order.weighApproval !== 'awaiting' && order.weighApproval !== 'refused') return null
  const ordered = formatMoney(order.orderedTotalAmount ?? order.totalAmount)
  return (
    <Card className="border-amber-300 bg-amber-50" data-testid="weigh-approval">
      <CardHeader>
        <CardTitle>
          {order.weighApproval === 'awaiting' ? 'Votre accord est demandé' : 'Nouveau montant refusé'}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm text-stone-800">
        {order.weighApproval === 'awaiting' ? (
          <>
            <p>
              Votre viande a été pesée : le montant passe de {ordered} à{' '}
              <span className="font-semibold">{formatMoney(order.totalAmount)}</span>. L’écart dépasse la
              tolérance de la boutique : nous attendons votre accord avant la livraison.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                disabled={answer.isPending}
                onClick={() => answer.mutate({ orderId: order.id, decision: 'accept' })}
              >
                Accepter le nouveau montant
              </Button>
              <Button
                variant="outline"
                disabled={answer.isPending}
                onClick={() => answer.mutate({ orderId: order.id, decision: 'refuse' })}
              >
                Refuser
              </Button>
            </div>
          </>
        ) : (
          <p>
            Vous avez refusé le montant pesé : la commande reste en préparation. La boutique pèse à nouveau ou
            annule la commande ; rien ne vous est facturé sans votre accord.
          </p>
        )}
      </CardContent>
    </Card>
  )
}
