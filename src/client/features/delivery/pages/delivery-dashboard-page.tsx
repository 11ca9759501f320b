import { CheckCircle2 } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { Button } from '@/client/components/ui/button'
import { PageHeader } from '@/client/components/ui/page-header'
import { EmptyState, QueryState } from '@/client/components/ui/query-state'
import { Skeleton } from '@/client/components/ui/skeleton'
import type { OrderView } from '@/client/lib/order-view'
import { useCollectRestByDriver, useConfirmDelivery, useDeliveryDashboard } from '../api/delivery-api'
import { ConfirmDeliveryDialog } from '../components/confirm-delivery-dialog'
import { DeliveryOrderCard } from '../components/delivery-order-card'
import { DriverCashCard } from '../components/driver-cash-card'
import { DriverRoundCard } from '../components/driver-round-card'
import { EveDeliveries } from '../components/eve-deliveries'
import { stopsOfTheDay } from '@/shared/domain/delivery-route'
import { cashDueFor } from '@/shared/domain/cash'
import { DoorPayment } from '../components/door-payment'
import { RefuseAtDoor } from '../components/refuse-at-door'

/**
 * What an order asks to collect: its total, less what was already collected (the server's for an
 * order in delivery; the same rule, `cashDueFor`, for one assigned that has not left yet).
 */
const dueOf = (dues: { orderId: number; amountDue: number }[], o: OrderView) =>
  dues.find((d) => d.orderId === o.id)?.amountDue ?? cashDueFor(o.totalAmount, o.amountPaid)

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
 * /delivery/dashboard and the driver's /dashboard: its cash in hand, its orders in delivery, those
 * assigned to it still waiting or in preparation, and those delivered. Confirming a delivery records the cash collected (docs/rules/money.md#drivers-cash).
 */
export default function DeliveryDashboardPage() {
  const query = useDeliveryDashboard()
  const confirm = useConfirmDelivery()
  const [asking, setAsking] = useState<{ order: OrderView; amountDue: number } | null>(null)
  const collectRest = useCollectRestByDriver()
  const [collecting, setCollecting] = useState<{ order: OrderView; amountDue: number } | null>(null)

  return (
    <div className="mx-auto max-w-5xl py-2">
      <PageHeader
        title="Mes livraisons"
        description="Vos commandes assignées : à venir, en cours de livraison et déjà livrées."
        back={false}
        actions={
          // A driver may add a second factor and end its other sessions (docs/rules/people.md#accounts).
          <Button asChild variant="outline" size="sm">
            <Link to="/account/security">Sécurité du compte</Link>
          </Button>
        }
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
            <EveDeliveries deliveries={d.eveDeliveries} />
            {stopsOfTheDay(d.inDeliveryOrders).length > 0 && (
              <section aria-labelledby="my-round">
                <h2 id="my-round" className="mb-3 text-lg font-semibold text-stone-900">
                  Ma tournée du jour
                </h2>
                <DriverRoundCard orders={d.inDeliveryOrders} />
              </section>
            )}
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
                        <>
                          <DoorPayment orderId={o.id} amountDue={dueOf(d.cash.dues, o)} />
                          <RefuseAtDoor order={o} />
                          <Button
                            onClick={() => setAsking({ order: o, amountDue: dueOf(d.cash.dues, o) })}
                            disabled={confirm.isPending}
                          >
                            <CheckCircle2 className="h-4 w-4" aria-hidden />
                            Confirmer la livraison
                          </Button>
                        </>
                      }
                    />
                  ))}
                </div>
              )}
            </section>
            {/* docs/rules/delivery.md#the-drivers-round: assigned, not yet left, each with its status. */}
            <section aria-labelledby="assigned">
              <h2 id="assigned" className="mb-3 text-lg font-semibold text-stone-900">
                À venir : assignées, pas encore parties ({d.assignedOrders.length})
              </h2>
              {d.assignedOrders.length === 0 ? (
                <EmptyState message="Aucune commande assignée en attente de départ" />
              ) : (
                <div className="grid gap-4 md:grid-cols-2">
                  {d.assignedOrders.map((o) => (
                    <DeliveryOrderCard key={o.id} order={o} cashAmount={dueOf(d.cash.dues, o)} />
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
                  {d.deliveredOrders.map((o) => {
                    // docs/rules/money.md#partly-paid: the client still owes the rest.
                    const owed = d.cash.owed.find((c) => c.orderId === o.id)?.amountOwed
                    return (
                      <DeliveryOrderCard
                        key={o.id}
                        order={o}
                        cashAmount={d.cash.collected.find((c) => c.orderId === o.id)?.amount}
                        owed={owed}
                        action={
                          owed ? (
                            <Button
                              onClick={() => setCollecting({ order: o, amountDue: owed })}
                              disabled={collectRest.isPending}
                            >
                              Encaisser le reste
                            </Button>
                          ) : undefined
                        }
                      />
                    )
                  })}
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
      <ConfirmDeliveryDialog
        rest
        order={collecting?.order ?? null}
        amountDue={collecting?.amountDue ?? 0}
        pending={collectRest.isPending}
        onClose={() => setCollecting(null)}
        onConfirm={(c) =>
          collectRest.mutate(
            { orderId: c.orderId, amount: c.cashCollected, reason: c.cashReason },
            { onSuccess: () => setCollecting(null) },
          )
        }
      />
    </div>
  )
}
