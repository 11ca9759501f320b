import { BadgeCheck, Hourglass } from 'lucide-react'
import { Button } from '@/client/components/ui/button'
import type { OrderView } from '@/client/lib/order-view'
import { useConfirmMine } from '../api/use-confirm-order'
import { waitsForClient } from '@/shared/domain/confirmation'

/**
 * docs/rules/confirmation.md#confirmation: while an order paid at the door waits for its client's
 * word, its page says so and confirms it in one tap (for a client whose SMS never came).
 */
export function ConfirmOrderCard({ order }: { order: OrderView }) {
  const confirm = useConfirmMine()
  if (!waitsForClient(order) || order.status === 'cancelled') return null
  const atDoor = order.fulfilment === 'pickup' ? 'au retrait' : 'à la livraison'
  return (
    // Not a Card: its white background would win over the amber (cn joins, it does not merge).
    <div
      data-testid="confirm-order"
      className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-stone-800 shadow-sm sm:p-6"
    >
      <h2 className="flex items-center gap-2 text-base font-semibold text-amber-950">
        <Hourglass className="h-5 w-5 shrink-0 text-amber-700" aria-hidden /> En attente de votre confirmation
      </h2>
      <p>
        Vous payez {atDoor} : nous préparons votre commande dès que vous l’avez confirmée. Un lien vous a été
        envoyé par SMS, ou confirmez ici.
      </p>
      <Button type="button" disabled={confirm.isPending} onClick={() => confirm.mutate(order.id)}>
        <BadgeCheck className="h-4 w-4" aria-hidden /> Je confirme ma commande
      </Button>
    </div>
  )
}
