import { useEffect, useState } from 'react'
import { formatDateTime } from '@/shared/format'
import type { MyReservation } from '@/shared/schemas/campaign-client'
import { Badge } from '@/client/components/ui/badge'
import { Button } from '@/client/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card'
import { PageHeader } from '@/client/components/ui/page-header'
import { ErrorState, QueryState } from '@/client/components/ui/query-state'
import { Skeleton } from '@/client/components/ui/skeleton'
import { Spinner } from '@/client/components/ui/spinner'
import { usePageParams } from '@/client/lib/page-url'
import { useSession } from '@/client/lib/session'
import { firstNameOf } from '@/shared/domain/campaigns'
import {
  useCampaign,
  useCampaignWallets,
  useMyReservations,
  useNewLink,
  usePayMine,
} from '../api/use-campaigns'
import { AnimalPicture } from '../components/animal-picture'
import { MoneySummary } from '../components/money-summary'
import { PayForm } from '../components/pay-form'
import { ServicesForm } from '../components/services-form'
import { ShareLink } from '../components/share-link'
import { itemName, payLinkText, reservationStatusLabels, reservationStatusTone } from '../lib/labels'
import { isPaying, markPaying } from '../lib/paying'

/**
 * /reservations/<id> (docs/rules/campaigns-client.md#the-pages): one of the client's reservations:
 * what is paid and left, paying more (the provider's page sends the client back here), the
 * services, slot and recipient once the deposit is in, and a pay link to send to family.
 */
export default function ReservationPage() {
  const params = usePageParams()
  const raw = params?.reservationId
  const id = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null
  const [waiting, setWaiting] = useState(false)
  const mine = useMyReservations(waiting)
  const found = mine.data?.find((r) => r.id === id)
  useEffect(() => {
    if (found) setWaiting(isPaying(`r${found.id}`, found.amountPaid))
  }, [found])
  if (!params) return <Skeleton className="h-64 w-full" />
  return (
    <QueryState
      query={mine}
      loading={<Skeleton className="h-64 w-full" />}
      errorTitle="Réservation indisponible"
      errorTitleAs="h1"
      errorMessage={() => 'Impossible de récupérer cette réservation. Veuillez réessayer.'}
    >
      {() =>
        found ? (
          <ReservationDetails reservation={found} waiting={waiting} />
        ) : (
          <ErrorState
            title="Réservation introuvable"
            titleAs="h1"
            message="Cette réservation n’est pas la vôtre, ou n’existe pas."
          />
        )
      }
    </QueryState>
  )
}

function ReservationDetails({ reservation: r, waiting }: { reservation: MyReservation; waiting: boolean }) {
  const campaign = useCampaign(r.campaignId)
  const wallets = useCampaignWallets({ campaignId: r.campaignId })
  const pay = usePayMine()
  const newLink = useNewLink()
  const { user } = useSession()
  const live = r.status === 'held' || r.status === 'booked' || r.status === 'paid' || r.status === 'ready'
  const name = itemName(r)
  return (
    <div className="mx-auto max-w-2xl space-y-4" data-testid="reservation-page">
      <PageHeader title="Ma réservation" description={r.campaignName} back="/reservations" />
      <Card>
        <div className="flex gap-4 p-4">
          <AnimalPicture
            photos={r.animal?.photos ?? []}
            alt={name}
            eager
            className="h-24 w-24 shrink-0 rounded-md"
          />
          <div className="space-y-1">
            <p className="font-semibold">{name}</p>
            <Badge variant={reservationStatusTone(r.status)} data-testid="reservation-status">
              {reservationStatusLabels[r.status]}
            </Badge>
            {r.status === 'held' && (
              <p className="text-sm text-amber-900">
                Payez l’acompte avant {formatDateTime(r.holdExpiresAt)}, sinon l’animal est libéré.
              </p>
            )}
          </div>
        </div>
        <div className="px-4 pb-4">
          <MoneySummary {...r} />
        </div>
      </Card>
      {waiting && (
        <p role="status" className="flex items-center gap-2 rounded-md bg-sky-50 p-3 text-sm text-sky-900">
          <Spinner size="sm" /> Paiement en cours de vérification auprès de l’opérateur…
        </p>
      )}
      {live && r.balance > 0 && (
        <Card>
          <CardHeader>
            <CardTitle>{r.status === 'held' ? 'Payer l’acompte' : 'Payer une partie du solde'}</CardTitle>
          </CardHeader>
          <CardContent>
            <PayForm
              key={`${r.amountPaid}-${r.total}`}
              idPrefix="pay-mine"
              money={r}
              wallets={wallets.data ?? []}
              walletsLoading={wallets.isPending}
              pending={pay.isPending || pay.isSuccess}
              onPay={async (amount, wallet) => {
                markPaying(`r${r.id}`, r.amountPaid)
                await pay.mutateAsync({ reservationId: r.id, amount, wallet })
              }}
            />
          </CardContent>
        </Card>
      )}
      {(r.status === 'booked' || r.status === 'paid') && (
        <Card>
          <CardHeader>
            <CardTitle>Services, créneau et destinataire</CardTitle>
          </CardHeader>
          <CardContent>
            <QueryState
              query={campaign}
              loading={<Skeleton className="h-48 w-full" />}
              errorMessage={(e) => e.message}
            >
              {({ campaign: c }) => <ServicesForm key={r.total} reservation={r} campaign={c} />}
            </QueryState>
          </CardContent>
        </Card>
      )}
      {r.status === 'held' && (
        <p className="text-sm text-stone-700">
          Les services (abattage, découpe, garde) et le créneau se choisissent une fois l’acompte payé.
        </p>
      )}
      {live && r.balance > 0 && (
        <Card>
          <CardHeader>
            <CardTitle>Faire participer la famille</CardTitle>
          </CardHeader>
          <CardContent className="space-y-3 text-sm text-stone-700">
            <p>
              Un lien de paiement permet à vos proches de payer une partie du solde, sans compte. Pour votre
              sécurité, nous ne gardons pas les liens : en créer un nouveau désactive l’ancien.
            </p>
            {newLink.data ? (
              <ShareLink
                url={newLink.data.payLink}
                text={payLinkText(firstNameOf(user?.displayName), r.campaignName, newLink.data.payLink)}
              />
            ) : (
              <Button
                variant="outline"
                pending={newLink.isPending}
                onClick={() => newLink.mutate({ reservationId: r.id })}
              >
                Créer un lien à partager
              </Button>
            )}
          </CardContent>
        </Card>
      )}
    </div>
  )
}
