import { CheckCircle2 } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/client/components/ui/button'
import { PageHeader } from '@/client/components/ui/page-header'
import { EmptyState, QueryState } from '@/client/components/ui/query-state'
import { Skeleton } from '@/client/components/ui/skeleton'
import type { OrderView } from '@/client/lib/order-view'
import { useConfirmDelivery, useDeliveryDashboard } from '../api/delivery-api'
import { ConfirmDeliveryDialog } from '../components/confirm-delivery-dialog'
import { DeliveryOrderCard } from '../components/delivery-order-card'
import { DriverCashCard } from '../components/driver-cash-card'

/** What an order in delivery asks to collect: its total, less what was already collected. */
const dueOf = (dues: { orderId: number; amountDue: number }[], o: OrderView) =>
  dues.find((d) => d.orderId === o.id)?.amountDue ?? o.totalAmount

function CardsSkeleton() {
  return (
    <div role="status" aria-label="Chargement…" className="grid gap-4 md:grid-cols-2">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-56" />
      ))}
    </div>
  )
}

/**
 * /delivery/dashboard and the driver's /dashboard: its cash in hand, its orders in delivery and
 * delivered. Confirming a delivery records the cash collected (docs/rules.md#drivers-cash).
 */
export default function DeliveryDashboardPage() {
  const query = useDeliveryDashboard()
  const confirm = useConfirmDelivery()
  const [asking, setAsking] = useState<{ order: OrderView; amountDue: number } | null>(null)

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
            <section aria-labelledby="my-cash">
              <h2 id="my-cash" className="mb-3 text-lg font-semibold text-stone-900">
                Ma caisse
              </h2>
              <DriverCashCard cash={d.cash} />
            </section>
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
                      cashAmount={dueOf(d.cash.dues, o)}
                      action={
                        <Button
                          onClick={() => setAsking({ order: o, amountDue: dueOf(d.cash.dues, o) })}
                          disabled={confirm.isPending}
                        >
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
                    <DeliveryOrderCard
                      key={o.id}
                      order={o}
                      cashAmount={d.cash.collected.find((c) => c.orderId === o.id)?.amount}
                    />
                  ))}
                </div>
              )}
            </section>
          </div>
        )}
      </QueryState>
      <ConfirmDeliveryDialog
        order={asking?.order ?? null}
        amountDue={asking?.amountDue ?? 0}
        pending={confirm.isPending}
        onClose={() => setAsking(null)}
        onConfirm={(input) => confirm.mutate(input, { onSuccess: () => setAsking(null) })}
      />
    </div>
  )
}
