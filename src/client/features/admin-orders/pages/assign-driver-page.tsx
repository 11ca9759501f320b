import { Check } from 'lucide-react'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { formatMoney } from '@/shared/format'
import { PhoneLinks } from '@/client/components/phone-links'
import { Badge } from '@/client/components/ui/badge'
import { Button } from '@/client/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card'
import { cn } from '@/client/components/ui/cn'
import { PageHeader } from '@/client/components/ui/page-header'
import { EmptyState, ErrorState, QueryState } from '@/client/components/ui/query-state'
import { Skeleton, SkeletonRows } from '@/client/components/ui/skeleton'
import { useAssignDriver, useDrivers, useOrderDetail } from '../api/orders-api'
import { driverLoadText } from '../lib/driver-load'
import { messageToDriver } from '../lib/order-messages'
import { useOrderIdParam } from '../lib/order-route'

/** /admin/orders/:orderId/assign-driver. */
export default function AssignDriverPage() {
  const orderId = useOrderIdParam()
  const order = useOrderDetail(orderId)
  const drivers = useDrivers(orderId)
  const assign = useAssignDriver()
  const navigate = useNavigate()
  const [driverId, setDriverId] = useState<number | null>(null)
  const back = `/admin/orders/${orderId}`

  if (!orderId)
    return (
      <ErrorState titleAs="h1" title="Erreur de commande" message="ID de commande manquant ou invalide." />
    )

  const submit = () => {
    if (driverId === null) return
    assign.mutate({ orderId, driverId }, { onSuccess: () => navigate(back) })
  }

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Assigner un livreur" description={`Commande #${orderId}`} back={back} />
      <Card className="mb-4">
        <CardHeader>
          <CardTitle>Résumé de la commande</CardTitle>
        </CardHeader>
        <CardContent>
          <QueryState query={order} loading={<Skeleton className="h-24" />} errorTitle="Erreur de chargement">
            {(o) => (
              <dl className="grid gap-3 text-sm sm:grid-cols-2">
                <div>
                  <dt className="text-stone-500">Client</dt>
                  <dd className="font-medium">{o.customer.name}</dd>
                </div>
                <div>
                  <dt className="text-stone-500">Total</dt>
                  <dd className="font-medium">{formatMoney(o.totalAmount)}</dd>
                </div>
                <div>
                  <dt className="text-stone-500">Adresse</dt>
                  <dd className="font-medium">
                    {o.deliveryAddress}, {o.cityName} · {o.zoneName}
                  </dd>
                </div>
                <div>
                  <dt className="text-stone-500">Livreur actuel</dt>
                  <dd className="font-medium">{o.driver?.name ?? 'Aucun livreur assigné'}</dd>
                </div>
              </dl>
            )}
          </QueryState>
        </CardContent>
      </Card>

      <h2 className="mb-3 text-lg font-semibold text-stone-900">Livreurs disponibles</h2>
      <QueryState
        query={drivers}
        loading={<SkeletonRows count={3} className="h-16" />}
        errorTitle="Erreur de chargement"
        empty={<EmptyState message="Aucun livreur actif n'est disponible pour le moment" />}
        isEmpty={(d) => d.length === 0}
      >
        {(list) => (
          <div role="radiogroup" aria-label="Livreurs" className="grid gap-3 sm:grid-cols-2">
            {list.map((d) => {
              const selected = driverId === d.id
              const current = order.data?.driver?.id === d.id
              const load = driverLoadText(d.inDelivery)
              return (
                <label
                  key={d.id}
                  className={cn(
                    'flex cursor-pointer items-start gap-3 rounded-lg border bg-white p-4 shadow-sm transition-colors',
                    selected
                      ? 'border-brand ring-2 ring-brand/30'
                      : 'border-stone-200 hover:border-stone-300',
                  )}
                >
                  <input
                    type="radio"
                    name="driver"
                    value={d.id}
                    checked={selected}
                    onChange={() => setDriverId(d.id)}
                    className="mt-1 accent-[var(--color-brand)]"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="flex items-center gap-2 font-medium text-stone-900">
                      {d.displayName}
                      {current && <Badge variant="outline">Actuel</Badge>}
                    </span>
                    <span className="block truncate text-sm text-stone-600">{d.email}</span>
                    <PhoneLinks
                      phone={d.phoneNumber}
                      who={d.displayName}
                      message={order.data ? messageToDriver(order.data, d.displayName) : undefined}
                      className="text-sm"
                    />
                    <span className="mt-2 block text-sm" data-testid={`driver-load-${d.id}`}>
                      <span
                        className={cn(
                          'font-medium',
                          d.inDelivery.length > 0 ? 'text-amber-800' : 'text-emerald-800',
                        )}
                      >
                        {load.count}
                      </span>
                      {load.slots.length > 0 && (
                        <span className="block text-stone-600">{load.slots.join(' · ')}</span>
                      )}
                    </span>
                  </span>
                  {selected && <Check className="h-5 w-5 text-brand" aria-hidden />}
                </label>
              )
            })}
          </div>
        )}
      </QueryState>

      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to={back}>Annuler</Link>
        </Button>
        <Button disabled={driverId === null} pending={assign.isPending} onClick={submit}>
          Assigner le livreur
        </Button>
      </div>
    </div>
  )
}
