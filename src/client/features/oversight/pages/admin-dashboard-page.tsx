import { lazy, Suspense } from 'react'
import { Banknote, ShoppingBag, Users } from 'lucide-react'
import { Link, Navigate } from 'react-router'
import type { Role } from '@/shared/domain/roles'
import { formatMoney, formatNumber } from '@/shared/format'
import { Button } from '@/client/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card'
import { PageHeader } from '@/client/components/ui/page-header'
import { EmptyState, ErrorState } from '@/client/components/ui/query-state'
import { SkeletonRows } from '@/client/components/ui/skeleton'
import { PageSpinner } from '@/client/components/ui/spinner'
import { OrderSummaryTable } from '@/client/features/admin-orders/components/order-summary-table'
import { useSession } from '@/client/lib/session'
import { gates } from '@/client/lib/login-gates'
import { LoginForm } from '@/client/features/auth/components/login-form'
import { useAdminDashboard } from '../api/dashboards-api'
import { StatCard } from '../components/stat-card'

/** The charts load apart from the page: their code is fetched once the figures are on screen. */
const TrendCharts = lazy(() => import('../components/trend-charts'))

/** The admin dashboard: quick actions by role. */
const quickActions: { to: string; label: string; roles: readonly Role[] }[] = [
  { to: '/admin/products', label: 'Produits', roles: ['root', 'super_admin'] },
  { to: '/admin/users', label: 'Utilisateurs', roles: ['root', 'super_admin'] },
  { to: '/admin/countries', label: 'Pays', roles: ['root'] },
  { to: '/admin/contact-messages', label: 'Messages de contact', roles: ['root'] },
  { to: '/admin/cities', label: 'Villes', roles: ['root', 'super_admin'] },
  { to: '/admin/zones', label: 'Zones de livraison', roles: ['root', 'super_admin'] },
  { to: '/admin/create-delivery-driver', label: 'Créer un livreur', roles: ['super_admin'] },
]

/** /admin/dashboard (and /dashboard for super_admin and admin). */
export default function AdminDashboardPage() {
  const session = useSession()
  if (session.status === 'loading') return <PageSpinner />
  if (session.status === 'unauthenticated') {
    return (
      <div className="mx-auto w-full max-w-md py-4 sm:py-10">
        <Card>
          <CardHeader>
            <h1 className="text-2xl font-bold text-stone-900">Espace administrateur</h1>
            <p className="text-sm text-stone-600">Connectez-vous pour accéder au tableau de bord.</p>
          </CardHeader>
          <CardContent>
            <LoginForm gate={gates.admin} />
          </CardContent>
        </Card>
      </div>
    )
  }
  const { role } = session.user
  if (role === 'root') return <Navigate to="/root/dashboard" replace />
  if (role === 'admin') return <Navigate to="/admin/orders-only" replace />
  if (role !== 'super_admin') {
    return (
      <div className="mx-auto max-w-xl py-6">
        <ErrorState
          titleAs="h1"
          title="Accès refusé"
          message="Accès non autorisé. Seuls les super administrateurs et root peuvent accéder à cette page."
        />
      </div>
    )
  }
  return <SuperAdminDashboard role={role} country={session.user.country} />
}

function SuperAdminDashboard({ role, country }: { role: Role; country: string | null }) {
  const q = useAdminDashboard()
  const s = q.data?.summary
  return (
    <>
      <PageHeader
        title="Tableau de bord"
        description={country ? `Pays : ${country}` : undefined}
        back={false}
      />
      {q.isError && (
        <div className="mb-6">
          <ErrorState
            message={`Impossible de charger les données du tableau de bord. Veuillez réessayer plus tard. ${q.error.message}`}
            onRetry={() => void q.refetch()}
          />
        </div>
      )}
      <div className="mb-6 grid gap-3 sm:grid-cols-3">
        <StatCard
          icon={Banknote}
          label="Chiffre d'affaires"
          value={s ? formatMoney(s.totalRevenue) : q.isError ? '—' : null}
        />
        <StatCard
          icon={ShoppingBag}
          label="Commandes"
          value={s ? formatNumber(s.totalOrders) : q.isError ? '—' : null}
        />
        <StatCard
          icon={Users}
          label="Clients actifs"
          value={s ? formatNumber(s.activeUsers) : q.isError ? '—' : null}
        />
      </div>
      <Suspense fallback={<SkeletonRows count={4} className="mb-6" />}>
        <TrendCharts />
      </Suspense>
      <Card className="mb-6">
        <CardHeader>
          <CardTitle>Actions rapides</CardTitle>
        </CardHeader>
        <CardContent className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
          {quickActions
            .filter((a) => a.roles.includes(role))
            .map((a) => (
              <Button key={a.to} asChild variant="outline" className="justify-start">
                <Link to={a.to}>{a.label}</Link>
              </Button>
            ))}
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="flex flex-row items-center justify-between">
          <CardTitle>Commandes récentes</CardTitle>
          <Button asChild variant="link" size="sm">
            <Link to="/admin/orders">Voir toutes les commandes</Link>
          </Button>
        </CardHeader>
        <CardContent>
          {q.isPending ? (
            <SkeletonRows count={5} />
          ) : q.isError ? null : q.data.recentOrders.length === 0 ? (
            <EmptyState message="Aucune commande trouvée" />
          ) : (
            <OrderSummaryTable orders={q.data.recentOrders} label="Commandes récentes" withCustomer />
          )}
        </CardContent>
      </Card>
    </>
  )
}
