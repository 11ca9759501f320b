import { Clock, MapPin } from 'lucide-react'
import type { ReactNode } from 'react'
import { orderSlotText } from '@/shared/domain/delivery-slots'
import { formatDateTime, formatMoney, formatQuantity } from '@/shared/format'
import { atAddress, mapsHref } from '@/shared/contact-links'
import { MapPointLink } from '@/client/components/map-point-link'
import { PhoneLinks } from '@/client/components/phone-links'
import { Card, CardContent } from '@/client/components/ui/card'
import { OrderStatusBadge, PaymentStatusBadge } from '@/client/components/ui/status-badges'
import type { OrderView } from '@/client/lib/order-view'
import { lineName } from '@/shared/domain/preparations'

/** One order as the driver needs it: where, whom to call, what to collect. */
export function DeliveryOrderCard({
  order,
  cashAmount,
  owed,
  action,
}: {
  order: OrderView
  /**
   * In delivery: what is left to collect; delivered: what was collected (docs/rules/money.md#drivers-cash).
   * The order's total when not given.
   */
  cashAmount?: number
  /** docs/rules/money.md#partly-paid: delivered, what the client still owes. */
  owed?: number
  action?: ReactNode
}) {
  const delivered = order.status === 'delivered'
  const paidByMobile = order.paymentMethod === 'mobile_money' && order.paymentStatus === 'paid'
  const place = `${order.deliveryAddress}, ${order.zoneName}, ${order.cityName}`
  const slot = orderSlotText(order)
  return (
    <Card data-testid={`delivery-order-${order.id}`}>
      <CardContent className="space-y-3 pt-4 sm:pt-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="font-semibold text-stone-900">Commande #{order.id}</p>
          <div className="flex gap-2">
            <OrderStatusBadge status={order.status} />
            <PaymentStatusBadge status={order.paymentStatus} />
          </div>
        </div>
        <div className="space-y-1 text-sm text-stone-700">
          {slot && (
            <p className="flex items-center gap-1.5 font-semibold text-stone-900" data-testid="delivery-slot">
              <Clock className="h-4 w-4 shrink-0 text-brand" aria-hidden />
              {slot}
            </p>
          )}
          <p className="font-medium text-stone-900">{order.customerName}</p>
          <p className="flex items-start gap-1.5">
            <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-stone-400" aria-hidden />
            <a
              href={mapsHref(`${place}, ${order.deliveryCountry}`)}
              target="_blank"
              rel="noopener noreferrer"
              className="text-brand hover:underline"
              aria-label={`Ouvrir l’adresse dans les cartes : ${place}`}
            >
              {place}
            </a>
          </p>
          {order.deliveryLandmark && (
            <p className="font-medium text-stone-900" data-testid="delivery-landmark">
              Repère : {order.deliveryLandmark}
            </p>
          )}
          <MapPointLink order={order} />
          <PhoneLinks
            phone={order.deliveryPhone}
            who={order.customerName}
            message={`Bonjour ${order.customerName}, je suis votre livreur Étal. J’arrive avec votre commande n° ${order.id}${slot ? ` (créneau ${slot})` : ''} ${atAddress(place)}.`}
          />
          {order.deliverySecondPhone && (
            <p className="flex flex-wrap items-center gap-x-2">
              <span>Autre téléphone :</span>
              <PhoneLinks
                phone={order.deliverySecondPhone}
                who={`le contact sur place de ${order.customerName}`}
                message={`Bonjour, je suis le livreur Étal. J’arrive avec la commande n° ${order.id} de ${order.customerName} ${atAddress(place)}.`}
              />
            </p>
          )}
        </div>
        <ul className="text-sm text-stone-600">
          {order.items.map((i) => (
            <li key={i.id}>
              {formatQuantity(i.weighedQuantity ?? i.quantity, i.unitType)} · {lineName(i)}
            </li>
          ))}
        </ul>
        {order.notes && <p className="rounded-md bg-stone-50 p-2 text-sm text-stone-700">{order.notes}</p>}
        <div className="flex flex-wrap items-end justify-between gap-3 border-t border-stone-100 pt-3">
          <div data-testid="amount-to-collect">
            <p className="text-xs text-stone-500">{delivered ? 'Montant encaissé' : 'Montant à encaisser'}</p>
            <p className="text-lg font-bold text-stone-900">{formatMoney(cashAmount ?? order.totalAmount)}</p>
            {paidByMobile ? (
              // docs/rules/money.md#payments: paid by mobile money, nothing to collect at the door.
              <p className="text-sm font-medium text-emerald-800">
                Payée par mobile money : rien à encaisser
              </p>
            ) : (
              <p className="text-xs text-stone-500">
                dont livraison{' '}
                {order.deliveryFeeAmount > 0 ? formatMoney(order.deliveryFeeAmount) : 'offerte'}
              </p>
            )}
            {owed ? (
              <p className="text-sm font-semibold text-red-700" data-testid="amount-owed">
                Reste dû : {formatMoney(owed)}
              </p>
            ) : null}
            <p className="text-xs text-stone-500">Mis à jour le {formatDateTime(order.updatedAt)}</p>
          </div>
          {action}
        </div>
      </CardContent>
    </Card>
  )
}
