import { BadgeCheck } from 'lucide-react'
import { Button } from '@/client/components/ui/button'
import { Card, CardContent } from '@/client/components/ui/card'
import type { OrderView } from '@/client/lib/order-view'
import { useConfirmMine } from '../api/use-confirm-order'

/**
 * docs/rules/confirmation.md#confirmation: while an order paid at the door waits for its client's
 * word, its page says so and confirms it in one tap (for a client whose SMS never came).
 */
export function ConfirmOrderCard({ order }: { order: OrderView }) {
  const confirm = useConfirmMine()
  if (!order.needsConfirmation || order.confirmedAt || order.status === 'cancelled') return null
  return (
    <Card data-testid="confirm-order" className="border-amber-300 bg-amber-50">
      <CardContent className="space-y-3 p-4 text-sm text-stone-800 sm:p-6">
        <p className="text-base font-semibold text-stone-900">En attente de votre confirmation</p>
        <p>
          Vous payez à la livraison : nous préparons votre commande dès que vous l’avez confirmée. Un lien
          vous a été envoyé par SMS ; vous pouvez aussi confirmer ici.
        </p>
        <Button type="button" disabled={confirm.isPending} onClick={() => confirm.mutate(order.id)}>
          <BadgeCheck className="h-4 w-4" aria-hidden /> Je confirme ma commande
        </Button>
      </CardContent>
    </Card>
  )
}
