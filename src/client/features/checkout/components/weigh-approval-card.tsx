import { useState } from 'react'
import { formatMoney } from '@/shared/format'
import { WEIGH_WISH_MAX } from '@/shared/domain/weighin'
import { Button } from '@/client/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card'
import { Field, Textarea } from '@/client/components/ui/field'
import type { OrderView } from '@/client/lib/order-view'
import { useWeighAnswer } from '../api/use-weigh-answer'

/**
 * The client's say on a weighed total beyond the shop's tolerance (docs/rules/orders.md#weigh-in): accept
 * it, or refuse it (the order stays in preparation; the shop weighs again or cancels; nothing is
 * charged without agreement).
 */
export function WeighApprovalCard({ order }: { order: OrderView }) {
  const answer = useWeighAnswer()
  // Refusing first asks what the client wants instead (optional), then sends both.
  const [refusing, setRefusing] = useState(false)
  const [wish, setWish] = useState('')
  if (order.weighApproval !== 'awaiting' && order.weighApproval !== 'refused') return null
  const ordered = formatMoney(order.orderedTotalAmount ?? order.totalAmount)
  return (
    // `!`: Card's own bg-white and border-stone-200 come later in the CSS (cn does not merge).
    <Card className="border-amber-300! bg-amber-50!" data-testid="weigh-approval">
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
                onClick={() =>
                  answer.mutate({ orderId: order.id, decision: 'accept', total: order.totalAmount })
                }
              >
                Accepter le nouveau montant
              </Button>
              {!refusing && (
                <Button variant="outline" disabled={answer.isPending} onClick={() => setRefusing(true)}>
                  Refuser
                </Button>
              )}
            </div>
            {refusing && (
              <form
                className="space-y-3"
                onSubmit={(e) => {
                  e.preventDefault()
                  const text = wish.trim()
                  answer.mutate({
                    orderId: order.id,
                    decision: 'refuse',
                    total: order.totalAmount,
                    ...(text ? { wish: text } : {}),
                  })
                }}
              >
                <Field label="Ce que vous voulez à la place (facultatif)" htmlFor="weigh-wish">
                  <Textarea
                    id="weigh-wish"
                    rows={2}
                    maxLength={WEIGH_WISH_MAX}
                    value={wish}
                    placeholder="Ex. : Je veux 1,5 kg exactement"
                    onChange={(e) => setWish(e.target.value)}
                  />
                </Field>
                <div className="flex flex-wrap gap-2">
                  <Button type="submit" variant="outline" disabled={answer.isPending}>
                    Envoyer mon refus
                  </Button>
                  <Button type="button" variant="ghost" onClick={() => setRefusing(false)}>
                    Retour
                  </Button>
                </div>
              </form>
            )}
          </>
        ) : (
          <>
            <p>
              Vous avez refusé le montant pesé : la commande reste en préparation. La boutique pèse à nouveau
              ou annule la commande ; rien ne vous est facturé sans votre accord.
            </p>
            {order.weighWish && (
              <p data-testid="weigh-wish">
                Votre demande : <span className="font-medium">{order.weighWish}</span>
              </p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  )
}
