import { CheckCircle2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Badge } from '@/client/components/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card'
import { ErrorState, QueryState } from '@/client/components/ui/query-state'
import { Skeleton } from '@/client/components/ui/skeleton'
import { Spinner } from '@/client/components/ui/spinner'
import { usePageSearch } from '@/client/lib/page-url'
import { useCampaignWallets, usePayByLink, usePayLink } from '../api/use-campaigns'
import { AnimalPicture } from '../components/animal-picture'
import { MoneySummary } from '../components/money-summary'
import { PayForm } from '../components/pay-form'
import { ShareLink } from '../components/share-link'
import { payLinkText, reservationStatusLabels, reservationStatusTone } from '../lib/labels'
import { isPaying, markPaying } from '../lib/paying'

const TOKEN = /^[A-Za-z0-9_-]{43}$/

function PageSkeleton() {
  return (
    <div className="mx-auto max-w-lg space-y-4 py-4">
      <h1 className="text-2xl font-bold">Payer une réservation</h1>
      <Skeleton className="h-48 w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  )
}

/**
 * /campagnes/payer?token=… (docs/rules/campaigns-client.md#the-pages): the pay link, for anyone
 * holding it, signed in or not: the animal, what is paid and left, the due date, the client's first
 * name only; an amount and a wallet, then the provider's page, which sends the payer back here.
 */
export default function PayLinkPage() {
  const search = usePageSearch()
  const raw = search?.get('token') ?? null
  const token = raw !== null && TOKEN.test(raw) ? raw : null
  const [waiting, setWaiting] = useState(false)
  const link = usePayLink(token, waiting)
  const wallets = useCampaignWallets(token ? { token } : null)
  const pay = usePayByLink()
  const [url, setUrl] = useState('')
  useEffect(() => setUrl(window.location.href), [])
  const paid = link.data?.amountPaid
  useEffect(() => {
    if (token && paid !== undefined) setWaiting(isPaying(token, paid))
  }, [token, paid])

  if (!search) return <PageSkeleton />
  if (!token)
    return (
      <div className="mx-auto max-w-lg py-4">
        <ErrorState
          title="Lien de paiement invalide"
          titleAs="h1"
          message="Ce lien de paiement n’est pas valide. Demandez à la personne qui vous l’a envoyé de vous le renvoyer."
        />
      </div>
    )
  return (
    <QueryState
      query={link}
      loading={<PageSkeleton />}
      errorTitle="Lien de paiement indisponible"
      errorTitleAs="h1"
      errorMessage={(e) => e.message}
    >
      {(r) => {
        const name = r.animal ? `${r.animal.breed} n° ${r.animal.tag}` : (r.share?.name ?? 'Réservation')
        const open =
          r.status === 'held' || r.status === 'booked' || r.status === 'paid' || r.status === 'ready'
        return (
          <div className="mx-auto max-w-lg space-y-4 py-4" data-testid="pay-link-page">
            <div>
              <p className="text-sm font-medium text-brand">{r.campaignName}</p>
              <h1 className="text-2xl font-bold text-stone-900">
                {r.firstName ? `La réservation de ${r.firstName}` : 'Payer une réservation'}
              </h1>
            </div>
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
                  {r.animal && (
                    <p className="text-sm text-stone-600">{r.animal.weightKg} kg environ (poids vif)</p>
                  )}
                  <Badge variant={reservationStatusTone(r.status)} data-testid="reservation-status">
                    {reservationStatusLabels[r.status]}
                  </Badge>
                </div>
              </div>
              <div className="px-4 pb-4">
                <MoneySummary {...r} />
              </div>
            </Card>
            {waiting && (
              <p
                role="status"
                className="flex items-center gap-2 rounded-md bg-sky-50 p-3 text-sm text-sky-900"
              >
                <Spinner size="sm" /> Paiement en cours de vérification auprès de l’opérateur…
              </p>
            )}
            {r.status === 'expired' && (
              <ErrorState message="Cette réservation a expiré : l’acompte n’a pas été payé à temps." />
            )}
            {r.status === 'cancelled' && <ErrorState message="Cette réservation est annulée." />}
            {open && r.balance <= 0 && (
              <p
                className="flex items-center gap-2 rounded-md bg-emerald-50 p-3 text-emerald-900"
                data-testid="all-paid"
              >
                <CheckCircle2 className="h-5 w-5" aria-hidden /> Tout est payé. Merci !
              </p>
            )}
            {open && r.balance > 0 && (
              <Card>
                <CardHeader>
                  <CardTitle>Payer maintenant</CardTitle>
                </CardHeader>
                <CardContent className="space-y-3">
                  {r.status === 'held' && (
                    <p className="text-sm text-amber-900">
                      L’acompte est attendu pour confirmer la réservation : sans lui, l’animal est libéré.
                    </p>
                  )}
                  <PayForm
                    key={r.amountPaid}
                    idPrefix="pay"
                    money={r}
                    wallets={wallets.data ?? []}
                    walletsLoading={wallets.isPending}
                    pending={pay.isPending || pay.isSuccess}
                    onPay={async (amount, wallet) => {
                      markPaying(token, r.amountPaid)
                      await pay.mutateAsync({ token, amount, wallet })
                    }}
                  />
                </CardContent>
              </Card>
            )}
            {open && r.balance > 0 && url && (
              <Card>
                <CardHeader>
                  <CardTitle>Faire participer la famille</CardTitle>
                </CardHeader>
                <CardContent className="space-y-2 text-sm text-stone-700">
                  <p>
                    Toute personne qui a ce lien peut payer une partie du solde, sans compte. Envoyez-le
                    seulement à vos proches.
                  </p>
                  <ShareLink url={url} text={payLinkText(r.firstName, r.campaignName, url)} />
                </CardContent>
              </Card>
            )}
            <p className="text-xs text-stone-500">
              Chaque paiement est compté une fois confirmé par l’opérateur mobile money.
            </p>
          </div>
        )
      }}
    </QueryState>
  )
}
