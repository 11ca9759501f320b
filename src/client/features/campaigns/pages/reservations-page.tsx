import { Link } from 'react-router'
import { Button } from '@/client/components/ui/button'
import { PageHeader } from '@/client/components/ui/page-header'
import { QueryState } from '@/client/components/ui/query-state'
import { Skeleton } from '@/client/components/ui/skeleton'
import { useMyReservations, useOpenCampaigns } from '../api/use-campaigns'
import { ReservationCard } from '../components/reservation-card'

/** /reservations: 'Mes réservations', the client's reservations of the feast days (docs/rules/campaigns-client.md#the-pages). */
export default function ReservationsPage() {
  const mine = useMyReservations()
  const open = useOpenCampaigns()
  return (
    <div className="space-y-5">
      <PageHeader
        title="Mes réservations"
        description="Vos animaux réservés pour les fêtes : ce qui est payé, ce qui reste, vos services."
        back="/dashboard"
      />
      <QueryState
        query={mine}
        loading={<Skeleton className="h-32 w-full" />}
        errorTitle="Erreur de chargement"
        errorMessage={() => 'Impossible de récupérer vos réservations. Veuillez réessayer.'}
        empty={
          <div className="space-y-3">
            <p>Vous n’avez encore rien réservé.</p>
            {(open.data ?? []).map((c) => (
              <Button asChild key={c.id}>
                <Link to={`/campagnes/${c.id}`}>Réserver pour {c.name}</Link>
              </Button>
            ))}
          </div>
        }
        isEmpty={(list) => list.length === 0}
      >
        {(list) => (
          <div className="grid gap-4 md:grid-cols-2">
            {list.map((r) => (
              <ReservationCard key={r.id} reservation={r} />
            ))}
          </div>
        )}
      </QueryState>
    </div>
  )
}
