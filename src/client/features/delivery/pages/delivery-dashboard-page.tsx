import { CheckCircle2 } from 'lucide-react'
import { useState } from 'react'
import { formatMoney } from '@/shared/format'
import { Button } from '@/client/components/ui/button'
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog'
import { PageHeader } from '@/client/components/ui/page-header'
import { EmptyState, QueryState } from '@/client/components/ui/query-state'
import { Skeleton } from '@/client/components/ui/skeleton'
import type { OrderView } from '@/client/lib/order-view'
import { useConfirmDelivery, useDeliveryDashboard } from '../api/delivery-api'
import { DeliveryOrderCard } from '../components/delivery-order-card'

function CardsSkeleton() {
  return (
    <div role="status" aria-label="Chargement…" className="grid gap-4 md:grid-cols-2">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-56" />
      ))}
    </div>
  )
}

/** /delivery/dashboard and the driver's /dashboard: its orders in delivery and delivered. */
export default function DeliveryDashboardPage() {
  const query = useDeliveryDashboard()
  const confirm = useConfirmDelivery()
  const [asking, setAsking] = useState<OrderView | null>(null)

  return (
    <div className="mx-auto max-w-5xl py-2">
      <PageHeader
        title="Mes livraisons"
        description="Vos commandes en cours de livraison et celles déjà livrées."
        back={false}
      />
      <QueryState query={query} loading={<CardsSkeleton />} errorTitle="Erreur de chargement">
        {(d) => (
          <div className="space-y-8">
            <section aria-labelledby="in-delivery">
              <h2 id="in-delivery" className="mb-3 text-lg font-semibold text-stone-900">
                En cours de livraison ({d.inDeliveryOrders.length})
              </h2>
              {d.inDeliveryOrders.length === 0 ? (
                <EmptyState message="Aucune commande en cours de livraison" />
              ) : (
                <div className="grid gap-4 md:grid-cols-2">
                  {d.inDeliveryOrders.map((o) => (
                    <DeliveryOrderCard
                      key={o.id}
                      order={o}
                      action={
                        <Button onClick={() => setAsking(o)} disabled={confirm.isPending}>
                          <CheckCircle2 className="h-4 w-4" aria-hidden />
                          Confirmer la livraison
                        </Button>
                      }
                    />
                  ))}
                </div>
              )}
            </section>
            <section aria-labelledby="delivered">
              <h2 id="delivered" className="mb-3 text-lg font-semibold text-stone-900">
                Livrées ({d.deliveredOrders.length})
              </h2>
              {d.deliveredOrders.length === 0 ? (
                <EmptyState message="Aucune commande livrée" />
              ) : (
                <div className="grid gap-4 md:grid-cols-2">
                  {d.deliveredOrders.map((o) => (
                    <DeliveryOrderCard key={o.id} order={o} />
                  ))}
                </div>
              )}
            </section>
          </div>
        )}
      </QueryState>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title="Confirmer la livraison ?"
        description={
          asking
            ? `La commande #${asking.id} sera marquée comme livrée et payée. Montant à encaisser : ${formatMoney(asking.totalAmount)}.`
            : ''
        }
        confirmLabel="Oui, confirmer"
        pending={confirm.isPending}
        onConfirm={() => {
          if (asking) confirm.mutate(asking.id, { onSettled: () => setAsking(null) })
        }}
      />
    </div>
  )
}
