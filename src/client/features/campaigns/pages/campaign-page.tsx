import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { isShopper } from '@/shared/domain/roles'
import { formatDate, formatDateTime, formatMoney } from '@/shared/format'
import { Button } from '@/client/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card'
import { Field, Input, Select } from '@/client/components/ui/field'
import { EmptyState, ErrorState, QueryState } from '@/client/components/ui/query-state'
import { Skeleton } from '@/client/components/ui/skeleton'
import { usePageParams } from '@/client/lib/page-url'
import { useSession } from '@/client/lib/session'
import type { CampaignView } from '@/shared/schemas/campaigns'
import { useCampaign, useCampaignAnimals, useReserve } from '../api/use-campaigns'
import { AnimalCard } from '../components/animal-card'
import { CampaignServices } from '../components/campaign-services'
import { depositRule } from '../lib/labels'
import { breedsOf, filterAnimals, noFilters, typedNumber, type AnimalFilters } from '../lib/filters'

function PageSkeleton() {
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Campagne</h1>
      <Skeleton className="h-32 w-full" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-72 w-full" />
        ))}
      </div>
    </div>
  )
}

/**
 * /campagnes/<id> (docs/rules/campaigns-client.md#the-pages): an open campaign's animals, each its
 * own listing, filtered by price, breed and weight; its shares with their stock; 'Réserver' (a
 * client signs in first and comes back here), then the pay link's page for the deposit.
 */
export default function CampaignPage() {
  const params = usePageParams()
  const raw = params?.campaignId
  const campaignId = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null
  const campaign = useCampaign(campaignId)
  if (!params) return <PageSkeleton />
  if (campaignId === null)
    return (
      <ErrorState
        title="Campagne introuvable"
        titleAs="h1"
        message="Cette adresse ne mène à aucune campagne."
      />
    )
  return (
    <QueryState
      query={campaign}
      loading={<PageSkeleton />}
      errorTitle="Campagne indisponible"
      errorTitleAs="h1"
      errorMessage={(e) =>
        e.message === 'Campagne non trouvée'
          ? 'Cette campagne n’est pas ouverte : les réservations n’ont pas encore commencé, ou sont terminées.'
          : e.message
      }
    >
      {({ campaign: c, currency }) => <CampaignDetails campaign={c} currency={currency} />}
    </QueryState>
  )
}

function CampaignDetails({ campaign: c }: { campaign: CampaignView; currency: string }) {
  const animals = useCampaignAnimals(c.id)
  const reserve = useReserve()
  const { status, user } = useSession()
  const navigate = useNavigate()
  const [filters, setFilters] = useState<AnimalFilters>(noFilters)
  const [reserving, setReserving] = useState<string | null>(null)
  const staff = user !== null && !isShopper(user.role)
  const here = `/campagnes/${c.id}`

  async function onReserve(item: { animalId: number } | { shareId: number }, key: string) {
    if (status === 'loading') return
    if (!user) {
      void navigate(`/client/login?redirect=${encodeURIComponent(here)}`)
      return
    }
    setReserving(key)
    try {
      const r = await reserve.mutateAsync(item)
      void navigate(`/campagnes/payer?token=${r.payToken}`)
    } catch {
      setReserving(null)
    }
  }

  return (
    <div className="space-y-6" data-testid="campaign-page">
      <section className="rounded-2xl bg-gradient-to-br from-brand to-brand-dark px-5 py-8 text-white sm:px-10">
        <p className="text-sm font-semibold tracking-wide text-white/80 uppercase">Réservez votre animal</p>
        <h1 className="mt-1 text-2xl font-bold sm:text-4xl">{c.name}</h1>
        <p className="mt-2 text-white/90">Fête le {formatDate(c.feastDate)}</p>
        <ul className="mt-3 space-y-1 text-sm text-white/90">
          <li>{depositRule(c)}, le reste en plusieurs fois, par vous ou vos proches.</li>
          <li>Solde à régler avant le {formatDate(c.balanceDueAt)}.</li>
          <li>Réservations ouvertes jusqu’au {formatDateTime(c.closesAt)}.</li>
          {c.refundableUntil && (
            <li>
              Annulation possible jusqu’au {formatDate(c.refundableUntil)}
              {c.cancellationFee > 0 && ` (frais : ${formatMoney(c.cancellationFee)})`}.
            </li>
          )}
        </ul>
      </section>
      {staff && (
        <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          Les réservations se font avec un compte client.
        </p>
      )}
      <Card>
        <CardHeader>
          <CardTitle>Ce que nous proposons</CardTitle>
        </CardHeader>
        <CardContent>
          <CampaignServices campaign={c} />
        </CardContent>
      </Card>

      <section aria-labelledby="animals-title" className="space-y-4">
        <h2 id="animals-title" className="text-xl font-bold text-stone-900">
          Les animaux
        </h2>
        <QueryState
          query={animals}
          loading={<Skeleton className="h-72 w-full" />}
          errorMessage={() => 'Impossible de charger les animaux. Veuillez réessayer.'}
          empty="Aucun animal n’est encore proposé pour cette campagne."
          isEmpty={(list) => list.length === 0}
        >
          {(list) => {
            const shown = filterAnimals(list, filters)
            return (
              <>
                <div className="grid gap-3 sm:grid-cols-3" role="search" aria-label="Filtrer les animaux">
                  <Field label="Prix maximum (F CFA)" htmlFor="filter-price">
                    <Input
                      id="filter-price"
                      inputMode="numeric"
                      onChange={(e) => setFilters({ ...filters, maxPrice: typedNumber(e.target.value) })}
                    />
                  </Field>
                  <Field label="Race" htmlFor="filter-breed">
                    <Select
                      id="filter-breed"
                      value={filters.breed}
                      onChange={(e) => setFilters({ ...filters, breed: e.target.value })}
                    >
                      <option value="">Toutes les races</option>
                      {breedsOf(list).map((b) => (
                        <option key={b} value={b}>
                          {b}
                        </option>
                      ))}
                    </Select>
                  </Field>
                  <Field label="Poids minimum (kg)" htmlFor="filter-weight">
                    <Input
                      id="filter-weight"
                      inputMode="numeric"
                      onChange={(e) => setFilters({ ...filters, minWeight: typedNumber(e.target.value) })}
                    />
                  </Field>
                </div>
                <p className="text-sm text-stone-600" aria-live="polite">
                  {shown.length} anima{shown.length > 1 ? 'ux' : 'l'} sur {list.length}
                </p>
                {shown.length === 0 ? (
                  <EmptyState message="Aucun animal ne correspond à ces filtres." />
                ) : (
                  <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                    {shown.map((a) => (
                      <AnimalCard
                        key={a.id}
                        animal={a}
                        campaign={c}
                        canReserve={!staff}
                        reserving={reserving === `a${a.id}`}
                        onReserve={() => void onReserve({ animalId: a.id }, `a${a.id}`)}
                      />
                    ))}
                  </div>
                )}
              </>
            )
          }}
        </QueryState>
      </section>

      {c.shares.length > 0 && (
        <section aria-labelledby="shares-title" className="space-y-3">
          <h2 id="shares-title" className="text-xl font-bold text-stone-900">
            Les parts
          </h2>
          <p className="text-sm text-stone-600">Une partie d’un animal, abattu et découpé pour vous.</p>
          <ul className="grid gap-3 sm:grid-cols-2">
            {c.shares.map((s) => (
              <li key={s.id}>
                <Card data-testid="share-card">
                  <div className="flex items-center justify-between gap-3 p-4">
                    <div>
                      <p className="font-semibold">{s.name}</p>
                      <p className="text-sm text-stone-700">{formatMoney(s.price)}</p>
                      <p className="text-xs text-stone-600">
                        {s.stock > 0 ? `${s.stock} restante${s.stock > 1 ? 's' : ''}` : 'Épuisée'}
                      </p>
                    </div>
                    {s.stock > 0 && !staff && (
                      <Button
                        variant="outline"
                        pending={reserving === `s${s.id}`}
                        aria-label={`Réserver ${s.name}`}
                        onClick={() => void onReserve({ shareId: s.id }, `s${s.id}`)}
                      >
                        Réserver
                      </Button>
                    )}
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        </section>
      )}
      {user && isShopper(user.role) && (
        <p className="text-sm">
          <Link to="/reservations" className="font-medium text-brand hover:underline">
            Mes réservations
          </Link>
        </p>
      )}
    </div>
  )
}
