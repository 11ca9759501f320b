import { Banknote, ShoppingBag, Users } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { Link } from 'react-router'
import { DATE_ORDER_MESSAGE } from '@/shared/schemas/dashboards'
import { formatMoney, formatNumber, formatQuantity } from '@/shared/format'
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card'
import { Field, Input, Select } from '@/client/components/ui/field'
import { PageHeader } from '@/client/components/ui/page-header'
import { EmptyState, ErrorState } from '@/client/components/ui/query-state'
import { SkeletonRows } from '@/client/components/ui/skeleton'
import { Table, TBody, Td, Th, THead, Tr } from '@/client/components/ui/table'
import { useRootDashboard } from '../api/dashboards-api'
import { useDebouncedValue } from '@/client/lib/use-debounced-value'
import { StatCard } from '../components/stat-card'
import { ShopSettingsCard } from '../components/shop-settings-card'
import { SuperAdminsCard } from '../components/super-admins-card'
import { CountryOptions } from '@/client/components/country-options'

/** The charts load apart from the page: their code is fetched once the figures are on screen. */
const TrendCharts = lazy(() => import('../components/trend-charts'))

/** /root/dashboard (and /dashboard for root): the whole business, by country and dates. */
export default function RootDashboardPage() {
  const [countryId, setCountryId] = useState('')
  const [start, setStart] = useState('')
  const [end, setEnd] = useState('')
  const startDate = useDebouncedValue(start, 500)
  const endDate = useDebouncedValue(end, 500)
  const badRange = !!startDate && !!endDate && startDate > endDate
  const q = useRootDashboard(
    {
      countryId: countryId ? Number(countryId) : undefined,
      startDate: startDate || undefined,
      endDate: endDate || undefined,
    },
    !badRange,
  )
  const d = q.data
  const countryName = d?.countries.find((c) => String(c.id) === countryId)?.name
  const dim = q.isPlaceholderData || q.isFetching ? 'opacity-60 transition-opacity' : undefined

  return (
    <>
      <PageHeader title="Tableau de bord Root" description="Vue d'ensemble de tous les pays." back={false} />
      <Card className="mb-6 p-4">
        <div className="grid gap-3 sm:grid-cols-3">
          <Field label="Pays" htmlFor="filter-country">
            <Select id="filter-country" value={countryId} onChange={(e) => setCountryId(e.target.value)}>
              <CountryOptions countries={d?.countries} none="Tous les pays" />
            </Select>
          </Field>
          <Field label="Date de début" htmlFor="filter-start">
            <Input
              id="filter-start"
              type="date"
              value={start}
              max={end || undefined}
              onChange={(e) => setStart(e.target.value)}
            />
          </Field>
          <Field label="Date de fin" htmlFor="filter-end" error={badRange ? DATE_ORDER_MESSAGE : undefined}>
            <Input id="filter-end" type="date" value={end} onChange={(e) => setEnd(e.target.value)} />
          </Field>
        </div>
      </Card>
      {q.isError && (
        <div className="mb-6">
          <ErrorState
            message={`Impossible de charger les données du tableau de bord. Veuillez réessayer plus tard. ${q.error.message}`}
            onRetry={() => void q.refetch()}
          />
        </div>
      )}
      <div className={`mb-6 grid gap-3 sm:grid-cols-3 ${dim ?? ''}`}>
        <StatCard
          icon={Banknote}
          label="Chiffre d'affaires"
          value={d ? formatMoney(d.globalSummary.totalRevenue) : q.isError ? '—' : null}
        />
        <StatCard
          icon={ShoppingBag}
          label="Commandes"
          value={d ? formatNumber(d.globalSummary.totalOrders) : q.isError ? '—' : null}
        />
        <StatCard
          icon={Users}
          label="Utilisateurs"
          value={d ? formatNumber(d.globalSummary.totalUsers) : q.isError ? '—' : null}
        />
      </div>
      <Suspense fallback={<SkeletonRows count={4} className="mb-6" />}>
        <TrendCharts countryId={countryId ? Number(countryId) : undefined} />
      </Suspense>
      <div className="mb-6 grid gap-6 2xl:grid-cols-2">
        <Card className={dim}>
          <CardHeader>
            <CardTitle>Répartition par pays</CardTitle>
          </CardHeader>
          <CardContent>
            {!d ? (
              q.isError ? null : (
                <SkeletonRows count={3} />
              )
            ) : (
              <Table aria-label="Répartition par pays">
                <THead>
                  <tr>
                    <Th>Pays</Th>
                    <Th className="text-right">Chiffre d'affaires</Th>
                    <Th className="text-right">Commandes</Th>
                    <Th className="text-right">Clients actifs</Th>
                  </tr>
                </THead>
                <TBody>
                  {d.countryBreakdown.map((c) => (
                    <Tr key={c.countryId}>
                      <Td>
                        <Link
                          to={`/admin/country-details/${encodeURIComponent(c.countryName)}`}
                          className="font-medium text-brand hover:underline"
                        >
                          {c.countryName}
                        </Link>
                      </Td>
                      <Td className="text-right tabular-nums">{formatMoney(c.totalRevenue)}</Td>
                      <Td className="text-right tabular-nums">{formatNumber(c.totalOrders)}</Td>
                      <Td className="text-right tabular-nums">{formatNumber(c.activeUsers)}</Td>
                    </Tr>
                  ))}
                </TBody>
              </Table>
            )}
          </CardContent>
        </Card>
        <Card className={dim}>
          <CardHeader>
            <CardTitle>Performance des produits</CardTitle>
          </CardHeader>
          <CardContent>
            {!d ? (
              q.isError ? null : (
                <SkeletonRows count={5} />
              )
            ) : d.productPerformance.length === 0 ? (
              <EmptyState message="Aucun produit vendu sur cette période" />
            ) : (
              <Table aria-label="Performance des produits">
                <THead>
                  <tr>
                    <Th>Produit</Th>
                    <Th>Pays</Th>
                    <Th className="text-right">Quantité vendue</Th>
                    <Th className="text-right">Chiffre d'affaires</Th>
                  </tr>
                </THead>
                <TBody>
                  {d.productPerformance.map((p) => (
                    <Tr key={p.productId}>
                      <Td className="font-medium">{p.productName}</Td>
                      <Td>{p.countryName}</Td>
                      <Td className="text-right tabular-nums">
                        {formatQuantity(p.totalQuantitySold, p.unitType)}
                      </Td>
                      <Td className="text-right tabular-nums">{formatMoney(p.totalRevenue)}</Td>
                    </Tr>
                  ))}
                </TBody>
              </Table>
            )}
          </CardContent>
        </Card>
      </div>
      <SuperAdminsCard key={countryName ?? 'all'} country={countryName} />
      <ShopSettingsCard />
    </>
  )
}
