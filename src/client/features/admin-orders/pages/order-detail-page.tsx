import { Printer } from 'lucide-react'
import { Link } from 'react-router'
import { awaitsPaymentForDelivery } from '@/shared/domain/payable'
import { deliveryBlocker } from '@/shared/domain/weighin'
import { formatDateTime } from '@/shared/format'
import { Button } from '@/client/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card'
import { PageHeader } from '@/client/components/ui/page-header'
import { EmptyState, ErrorState, QueryState } from '@/client/components/ui/query-state'
import { Skeleton } from '@/client/components/ui/skeleton'
import { ApiError } from '@/client/lib/api'
import { useSession } from '@/client/lib/session'
import { useOrderDetail } from '../api/orders-api'
import { ConfirmationPanel } from '../components/confirmation-panel'
import { OrderHistory } from '../components/order-history'
import { OrderMessagesCard } from '../components/order-messages-card'
import { OrderPaymentsCard } from '../components/order-payments-card'
import { OrderItemsCard } from '../components/order-items-card'
import { OrderSideCards } from '../components/order-side-cards'
import { OrderStatusControl } from '../components/order-status-control'
import { WeighCard } from '../components/weigh-card'
import { ordersListRoute, useOrderIdParam } from '../lib/order-route'

function DetailSkeleton() {
  return (
    <div role="status" aria-label="Chargement…" className="grid gap-4 lg:grid-cols-3">
      <div className="min-w-0 space-y-4 lg:col-span-2">
        <Skeleton className="h-24" />
        <Skeleton className="h-64" />
        <Skeleton className="h-40" />
      </div>
      <div className="space-y-4">
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
    </div>
  )
}

/** /admin/orders/:orderId, with the order's event history. */
export default function OrderDetailPage() {
  const orderId = useOrderIdParam()
  const { user } = useSession()
  const query = useOrderDetail(orderId)
  const back = ordersListRoute(user?.role)

  const notFound = (e: Error) =>
    e instanceof ApiError && e.status === 404 ? (
      <EmptyState
        message={
          <>
            <span className="block font-semibold text-stone-900">Commande non trouvée</span>
            La commande avec l'ID #{orderId} n'a pas pu être trouvée.
          </>
        }
      />
    ) : undefined
  const body = !orderId ? (
    <ErrorState title="Erreur de commande" message="ID de commande manquant ou invalide." />
  ) : (
    <QueryState query={query} loading={<DetailSkeleton />} errorView={notFound}>
      {(order) => (
        <div className="grid gap-4 lg:grid-cols-3">
          <div className="min-w-0 space-y-4 lg:col-span-2">
            <Card>
              <CardHeader>
                <CardTitle>Statut de la commande</CardTitle>
              </CardHeader>
              <CardContent>
                <OrderStatusControl
                  orderId={order.id}
                  status={order.status}
                  fulfilment={order.fulfilment}
                  blocker={deliveryBlocker(order, 'in_delivery')}
                  awaitsPayment={(to) => awaitsPaymentForDelivery(order, to)}
                />
                <ConfirmationPanel order={order} />
                {order.status === 'cancelled' && order.cancelReason && (
                  <p className="mt-3 text-sm text-stone-700" data-testid="cancel-reason">
                    Raison donnée au client : {order.cancelReason}
                  </p>
                )}
              </CardContent>
            </Card>
            <OrderItemsCard order={order} />
            <WeighCard key={order.id} order={order} />
            <Card>
              <CardHeader>
                <CardTitle>Historique</CardTitle>
              </CardHeader>
              <CardContent>
                <OrderHistory events={order.events} />
              </CardContent>
            </Card>
            <OrderPaymentsCard order={order} />
            <OrderMessagesCard orderId={order.id} />
            <Card>
              <CardHeader>
                <CardTitle>Notes du client</CardTitle>
              </CardHeader>
              <CardContent>
                <p className="text-sm whitespace-pre-line text-stone-700">{order.notes || 'Aucune note.'}</p>
              </CardContent>
            </Card>
          </div>
          <OrderSideCards order={order} />
        </div>
      )}
    </QueryState>
  )

  return (
    <div>
      <PageHeader
        title={orderId ? `Commande #${orderId}` : 'Commande'}
        description={query.data ? `Passée le ${formatDateTime(query.data.createdAt)}` : undefined}
        back={back}
        actions={
          query.data ? (
            <Button asChild variant="outline" size="sm">
              <Link to={`/admin/orders/${orderId}/receipt`}>
                <Printer className="h-4 w-4" aria-hidden /> Imprimer le reçu
              </Link>
            </Button>
          ) : undefined
        }
      />
      {body}
    </div>
  )
}
