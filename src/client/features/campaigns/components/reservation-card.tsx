import { Link } from 'react-router'
import { formatDate, formatMoney } from '@/shared/format'
import type { MyReservation } from '@/shared/schemas/campaign-client'
import { Badge } from '@/client/components/ui/badge'
import { Button } from '@/client/components/ui/button'
import { Card } from '@/client/components/ui/card'
import { itemName, reservationStatusLabels, reservationStatusTone } from '../lib/labels'
import { AnimalPicture } from './animal-picture'

/** One of the client's reservations in its list: status, paid, left, due date, its page. */
export function ReservationCard({
  reservation: r,
  headingAs: Heading = 'h2',
}: {
  reservation: MyReservation
  headingAs?: 'h2' | 'h3'
}) {
  const live = r.status === 'held' || r.status === 'booked' || r.status === 'paid' || r.status === 'ready'
  return (
    <Card data-testid="reservation-card">
      <div className="flex gap-4 p-4">
        <AnimalPicture photos={r.animal?.photos ?? []} alt="" className="h-20 w-20 shrink-0 rounded-md" />
        <div className="min-w-0 flex-1 space-y-1">
          <p className="text-xs font-medium text-brand">{r.campaignName}</p>
          <Heading className="font-semibold text-stone-900">{itemName(r)}</Heading>
          <Badge variant={reservationStatusTone(r.status)}>{reservationStatusLabels[r.status]}</Badge>
          <p className="text-sm text-stone-700">
            Payé {formatMoney(r.amountPaid)} sur {formatMoney(r.total)}
            {live && r.balance > 0 && (
              <>
                {' · '}
                <strong>reste {formatMoney(r.balance)}</strong> avant le {formatDate(r.balanceDueAt)}
              </>
            )}
          </p>
          {live && (
            <Button asChild size="sm" variant={r.balance > 0 ? 'default' : 'outline'}>
              <Link to={`/reservations/${r.id}`}>
                {r.status === 'held' ? 'Payer l’acompte' : r.balance > 0 ? 'Services et paiement' : 'Voir'}
                <span className="sr-only"> : {itemName(r)}</span>
              </Link>
            </Button>
          )}
        </div>
      </div>
    </Card>
  )
}
