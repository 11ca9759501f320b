import { Link } from 'react-router'
import { useMyReservations } from '../api/use-campaigns'
import { ReservationCard } from './reservation-card'

/**
 * 'Mes réservations' in the client's space (docs/rules/campaigns-client.md#the-pages): the live
 * reservations, each with what is paid and left; nothing while there is none (nor while loading,
 * nor on a failure: the page /reservations says it).
 */
export function AccountReservations() {
  const mine = useMyReservations()
  const live = (mine.data ?? []).filter((r) => r.status !== 'expired' && r.status !== 'cancelled')
  if (live.length === 0) return null
  return (
    <section aria-labelledby="my-reservations" className="space-y-3" data-testid="account-reservations">
      <div className="flex items-end justify-between gap-3">
        <h2 id="my-reservations" className="text-lg font-semibold text-stone-900">
          Mes réservations
        </h2>
        <Link to="/reservations" className="text-sm font-medium text-brand hover:underline">
          Toutes
        </Link>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        {live.slice(0, 4).map((r) => (
          <ReservationCard key={r.id} reservation={r} headingAs="h3" />
        ))}
      </div>
    </section>
  )
}
