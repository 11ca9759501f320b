import { Gift, Package, Wallet } from 'lucide-react'
import { Link } from 'react-router'
import { formatMoney, formatNumber } from '@/shared/format'
import { Button } from '@/client/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card'
import { EmptyState, ErrorState } from '@/client/components/ui/query-state'
import { Skeleton } from '@/client/components/ui/skeleton'
import { useSession } from '@/client/lib/session'
import { useClientDashboard } from '@/client/lib/client-dashboard'
import { NotificationPrefsCard } from '@/client/features/account/components/notification-prefs-card'
import { AddressesCard } from '@/client/features/account/components/addresses-card'
import { AccountReservations } from '@/client/features/campaigns/components/account-reservations'
import { OrderCard, OrderCardsSkeleton } from '../components/order-card'
import { useReorder } from '../lib/use-reorder'

/** The client branch of /dashboard: points, latest orders, a working 'Re-commander'. */
export default function ClientDashboard() {
  const { user } = useSession()
  const dashboard = useClientDashboard()
  const { reorder, pending } = useReorder()

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-stone-900">Bonjour, {user?.displayName}</h1>
        <p className="mt-1 text-sm text-stone-600">Votre espace client : vos points et vos commandes.</p>
      </div>
      {dashboard.isError ? (
        <ErrorState
          message={`Impossible de charger les données du tableau de bord. Veuillez réessayer plus tard. ${dashboard.error.message}`}
          onRetry={() => void dashboard.refetch()}
        />
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <Card>
              <CardHeader className="flex flex-row items-center gap-3">
                <span className="grid h-10 w-10 place-items-center rounded-full bg-brand-light text-brand">
                  <Gift className="h-5 w-5" aria-hidden />
                </span>
                <CardTitle>Points de fidélité</CardTitle>
              </CardHeader>
              <CardContent>
                {dashboard.isPending ? (
                  <Skeleton className="h-10 w-40" />
                ) : (
                  <>
                    <p className="text-3xl font-bold text-stone-900" data-testid="loyalty-points">
                      {formatNumber(dashboard.data.loyaltyPoints)} points
                    </p>
                    <p className="text-sm text-stone-600">
                      Soit {formatMoney(dashboard.data.loyaltyPoints * dashboard.data.pointValueInCfa)} de
                      réduction (1 point = {formatMoney(dashboard.data.pointValueInCfa)}).
                    </p>
                  </>
                )}
              </CardContent>
            </Card>
            <Card>
              <CardHeader className="flex flex-row items-center gap-3">
                <span className="grid h-10 w-10 place-items-center rounded-full bg-brand-light text-brand">
                  <Package className="h-5 w-5" aria-hidden />
                </span>
                <CardTitle>Commander</CardTitle>
              </CardHeader>
              <CardContent className="flex flex-wrap gap-2">
                <Button asChild>
                  <Link to="/products">Voir les produits</Link>
                </Button>
                <Button asChild variant="outline">
                  <Link to="/orders">Toutes mes commandes</Link>
                </Button>
                <Button asChild variant="outline">
                  <Link to="/reservations">Mes réservations</Link>
                </Button>
              </CardContent>
            </Card>
            <Card>
              <CardHeader className="flex flex-row items-center gap-3">
                <span className="grid h-10 w-10 place-items-center rounded-full bg-emerald-50 text-emerald-700">
                  <Wallet className="h-5 w-5" aria-hidden />
                </span>
                <CardTitle>Mon avoir</CardTitle>
              </CardHeader>
              <CardContent className="space-y-2">
                {dashboard.isPending ? (
                  <Skeleton className="h-10 w-40" />
                ) : (
                  <>
                    <p className="text-3xl font-bold text-stone-900" data-testid="credit-balance">
                      {formatMoney(dashboard.data.creditBalance)}
                    </p>
                    <p className="text-sm text-stone-600">Utilisé en premier à votre prochaine commande.</p>
                  </>
                )}
                <Button asChild variant="outline">
                  <Link to="/avoir">Voir mon avoir</Link>
                </Button>
              </CardContent>
            </Card>
            <NotificationPrefsCard />
            <AddressesCard />
          </div>
          <AccountReservations />
          <section aria-labelledby="recent-orders" className="space-y-3">
            <h2 id="recent-orders" className="text-lg font-semibold text-stone-900">
              Mes dernières commandes
            </h2>
            {dashboard.isPending ? (
              <OrderCardsSkeleton count={6} />
            ) : dashboard.data.orders.length === 0 ? (
              <EmptyState message="Aucune commande trouvée" />
            ) : (
              <div className="grid gap-4 md:grid-cols-2">
                {dashboard.data.orders.map((o) => (
                  <OrderCard
                    key={o.id}
                    order={o}
                    onReorder={() => void reorder(o)}
                    reordering={pending === o.id}
                  />
                ))}
              </div>
            )}
          </section>
        </>
      )}
    </div>
  )
}
