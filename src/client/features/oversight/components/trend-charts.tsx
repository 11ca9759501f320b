import { useState } from 'react'
import { orderStatusLabels } from '@/shared/domain/order-status'
import { formatMoney, formatNumber, formatQuantity } from '@/shared/format'
import { trendPeriods, type TrendPeriod } from '@/shared/domain/trend'
import { Field, Select } from '@/client/components/ui/field'
import { ErrorState } from '@/client/components/ui/query-state'
import { SkeletonRows } from '@/client/components/ui/skeleton'
import { useDashboardTrend } from '../api/dashboards-api'
import { BarList, ChartCard, ColumnChart } from './chart-card'

/** '2026-11-25' → '25/11' (a UTC day as the server sends it: no time zone is applied again). */
const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`
const longDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`
const UTC_NOTE =
  'Jours en temps universel (UTC) : l’heure de Dakar, d’Abidjan et de Bamako ; une heure de moins qu’à Douala ou Libreville.'

/**
 * The trend of a dashboard (docs/rules/money.md#reports): orders and revenue per day over 7, 30 or 90
 * days, every order by status, the best products of the period. Loaded apart from the page
 * (React.lazy), so its code is fetched only by those who open a dashboard.
 */
export default function TrendCharts({ countryId }: { countryId?: number }) {
  const [days, setDays] = useState<TrendPeriod>(30)
  const q = useDashboardTrend({ days, countryId })
  const d = q.data
  const dim = q.isPlaceholderData ? 'opacity-60 transition-opacity' : ''
  return (
    <section aria-labelledby="trend-title" className="mb-6">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <h2 id="trend-title" className="text-lg font-semibold text-stone-900">
          Évolution
        </h2>
        <Field label="Période" htmlFor="trend-period" className="w-full sm:w-56">
          <Select
            id="trend-period"
            value={days}
            onChange={(e) => setDays(Number(e.target.value) as TrendPeriod)}
          >
            {trendPeriods.map((n) => (
              <option key={n} value={n}>
                {n} derniers jours
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {q.isError ? (
        <ErrorState
          message={`Impossible de charger l’évolution. ${q.error.message}`}
          onRetry={() => void q.refetch()}
        />
      ) : !d ? (
        <SkeletonRows count={4} />
      ) : (
        <div className={`grid gap-4 lg:grid-cols-2 ${dim}`}>
          <ChartCard
            title="Chiffre d’affaires par jour"
            summary={`${formatMoney(d.days.reduce((s, x) => s + x.revenue, 0))} sur ${days} jours, du ${longDay(d.days[0]!.day)} au ${longDay(d.days.at(-1)!.day)}.`}
            note={UTC_NOTE}
            table={{
              headings: ['Jour', 'Chiffre d’affaires'],
              rows: d.days.map((x) => ({ key: x.day, cells: [longDay(x.day), formatMoney(x.revenue)] })),
            }}
          >
            <ColumnChart
              points={d.days.map((x) => ({ label: shortDay(x.day), value: x.revenue }))}
              format={formatMoney}
            />
          </ChartCard>
          <ChartCard
            title="Commandes par jour"
            summary={`${formatNumber(d.days.reduce((s, x) => s + x.orders, 0))} commandes sur ${days} jours, annulées comprises.`}
            note={UTC_NOTE}
            table={{
              headings: ['Jour', 'Commandes'],
              rows: d.days.map((x) => ({ key: x.day, cells: [longDay(x.day), formatNumber(x.orders)] })),
            }}
          >
            <ColumnChart
              points={d.days.map((x) => ({ label: shortDay(x.day), value: x.orders }))}
              format={formatNumber}
            />
          </ChartCard>
          <ChartCard
            title="Commandes par statut"
            summary={`Toutes les commandes, quelle que soit leur date : ${d.byStatus
              .map((s) => `${orderStatusLabels[s.status]} ${formatNumber(s.orders)}`)
              .join(', ')}.`}
            table={{
              headings: ['Statut', 'Commandes'],
              rows: d.byStatus.map((s) => ({
                key: s.status,
                cells: [orderStatusLabels[s.status], formatNumber(s.orders)],
              })),
            }}
          >
            <BarList
              bars={d.byStatus.map((s) => ({
                key: s.status,
                label: orderStatusLabels[s.status],
                value: s.orders,
                text: formatNumber(s.orders),
              }))}
            />
          </ChartCard>
          <ChartCard
            title="Meilleurs produits"
            summary={
              d.topProducts.length
                ? `Les ${d.topProducts.length} produits au plus fort chiffre d’affaires sur ${days} jours.`
                : `Aucun produit vendu sur ${days} jours.`
            }
            table={{
              headings: ['Produit', 'Quantité vendue', 'Chiffre d’affaires'],
              rows: d.topProducts.map((p) => ({
                key: String(p.productId),
                cells: [
                  p.productName,
                  formatQuantity(p.totalQuantitySold, p.unitType),
                  formatMoney(p.totalRevenue),
                ],
              })),
            }}
          >
            <BarList
              bars={d.topProducts.map((p) => ({
                key: String(p.productId),
                label: p.productName,
                value: p.totalRevenue,
                text: formatMoney(p.totalRevenue),
              }))}
            />
          </ChartCard>
        </div>
      )}
    </section>
  )
}
