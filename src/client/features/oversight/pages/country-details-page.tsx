import { Banknote, ShoppingBag, Users } from 'lucide-react'
import { Tabs } from 'radix-ui'
import { Link } from 'react-router'
import { formatMoney, formatNumber } from '@/shared/format'
import { cn } from '@/client/components/ui/cn'
import { ErrorState, QueryState } from '@/client/components/ui/query-state'
import { PageSpinner } from '@/client/components/ui/spinner'
import { usePageParams } from '@/client/lib/page-url'
import { UsersPanel } from '@/client/features/users/components/users-panel'
import { useRootDashboard } from '../api/dashboards-api'
import { StatCard } from '../components/stat-card'
import { CountryCitiesTab, CountryProductsTab } from '../components/country-catalogue-tabs'
import { CountryOrdersTab } from '../components/country-orders-tab'

const tabs = [
  ['users', 'Utilisateurs'],
  ['orders', 'Commandes'],
  ['products', 'Produits'],
  ['cities', 'Villes'],
] as const

/** /admin/country-details/:countryName: the country's figures and its four tabs. */
export default function CountryDetailsPage() {
  const { countryName = '' } = usePageParams() ?? {}
  const name = decodeURIComponent(countryName)
  const all = useRootDashboard({})
  const country = all.data?.countries.find((c) => c.name.toLowerCase() === name.toLowerCase())
  // The figures are the root dashboard's, for this country: the same SQL, the same definitions.
  const stats = useRootDashboard({ countryId: country?.id }, !!country)
  const s = stats.data && country ? stats.data.globalSummary : undefined

  return (
    <QueryState query={all} loading={<PageSpinner />} errorTitleAs="h1">
      {() => <CountryDetails name={name} country={country} stats={s} />}
    </QueryState>
  )
}

function CountryDetails({
  name,
  country,
  stats: s,
}: {
  name: string
  country: { id: number; name: string } | undefined
  stats: { totalUsers: number; totalOrders: number; totalRevenue: number } | undefined
}) {
  const back = (
    <Link to="/root/dashboard" className="text-sm text-brand hover:underline">
      ← Retour au tableau de bord
    </Link>
  )
  if (!country) {
    return (
      <div className="space-y-4">
        {back}
        <ErrorState titleAs="h1" title="Pays introuvable" message={`Le pays « ${name} » n'existe pas.`} />
      </div>
    )
  }
  return (
    <>
      {back}
      <h1 className="mt-2 mb-6 text-2xl font-bold text-stone-900">{country.name}</h1>
      <div className="mb-6 grid gap-3 sm:grid-cols-3">
        <StatCard icon={Users} label="Utilisateurs" value={s ? formatNumber(s.totalUsers) : null} />
        <StatCard icon={ShoppingBag} label="Commandes" value={s ? formatNumber(s.totalOrders) : null} />
        <StatCard icon={Banknote} label="Chiffre d'affaires" value={s ? formatMoney(s.totalRevenue) : null} />
      </div>
      <Tabs.Root defaultValue="users">
        <Tabs.List
          aria-label="Détails du pays"
          className="mb-4 flex gap-1 overflow-x-auto border-b border-stone-200"
        >
          {tabs.map(([value, label]) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className={cn(
                '-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-stone-600 outline-none focus-visible:bg-stone-100',
                'data-[state=active]:border-brand data-[state=active]:text-brand',
              )}
            >
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="users">
          <UsersPanel country={country.name} variant="country" />
        </Tabs.Content>
        <Tabs.Content value="orders">
          <CountryOrdersTab country={country.name} />
        </Tabs.Content>
        <Tabs.Content value="products">
          <CountryProductsTab country={country.name} />
        </Tabs.Content>
        <Tabs.Content value="cities">
          <CountryCitiesTab country={country.name} />
        </Tabs.Content>
      </Tabs.Root>
    </>
  )
}
