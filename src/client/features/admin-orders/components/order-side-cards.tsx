import { useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { orderSlotText } from '@/shared/domain/delivery-slots'
import { formatMoney } from '@/shared/format'
import { paymentMethodLabels } from '@/shared/domain/payments'
import { MapPointLink, mapPointOf } from '@/client/components/map-point-link'
import { PhoneLinks } from '@/client/components/phone-links'
import { Button } from '@/client/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card'
import { PaymentStatusBadge } from '@/client/components/ui/status-badges'
import type { OrderDetailView } from '@/client/lib/order-view'
import { clientPaymentLabel } from '@/shared/domain/refunds'
import { amountOwed } from '@/shared/domain/status-effects'
import { messageToClient, messageToDriver } from '../lib/order-messages'
import { CollectRestDialog } from './collect-rest-dialog'

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-3 text-sm">
      <dt className="text-stone-500">{label}</dt>
      <dd className="text-right font-medium text-stone-900">{children}</dd>
    </div>
  )
}

/** Customer, delivery, payment and points, driver. */
export function OrderSideCards({ order }: { order: OrderDetailView }) {
  const slot = orderSlotText(order)
  const [collecting, setCollecting] = useState(false)
  const partlyPaid = order.paymentStatus === 'partly_paid'
  const aboutOrder = messageToClient(order, order.customer.name)
  return (
    <div className="min-w-0 space-y-4">
      <Card>
        <CardHeader>
          <CardTitle>Client</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="space-y-2">
            <Line label="Nom">{order.customer.name}</Line>
            <Line label="Email">{order.customer.email}</Line>
            <Line label="Téléphone">
              <PhoneLinks phone={order.customer.phone} who={order.customer.name} message={aboutOrder} />
            </Line>
          </dl>
          <Button asChild variant="link" size="sm" className="mt-2">
            <Link to={`/admin/users/${order.customer.id}/history`}>Voir l'historique du client</Link>
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Livraison</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="space-y-2">
            <Line label="Adresse">{order.deliveryAddress}</Line>
            {order.deliveryLandmark && <Line label="Repère">{order.deliveryLandmark}</Line>}
            {mapPointOf(order) && (
              <Line label="Carte">
                <MapPointLink order={order} />
              </Line>
            )}
            <Line label="Ville">
              {order.cityName} · {order.zoneName}
            </Line>
            <Line label="Pays">{order.deliveryCountry}</Line>
            <Line label="Téléphone">
              <PhoneLinks phone={order.deliveryPhone} who={order.customerName} message={aboutOrder} />
            </Line>
            {order.deliverySecondPhone && (
              <Line label="Autre téléphone">
                <PhoneLinks
                  phone={order.deliverySecondPhone}
                  who={`le contact sur place de ${order.customerName}`}
                  message={aboutOrder}
                />
              </Line>
            )}
            <Line label="Créneau">{slot ?? 'Sans créneau'}</Line>
            <Line label="Frais de livraison">
              {order.deliveryFeeAmount > 0 ? formatMoney(order.deliveryFeeAmount) : 'Offerte'}
            </Line>
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Paiement et points</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="space-y-2">
            <Line label="Paiement">
              <PaymentStatusBadge status={order.paymentStatus} label={clientPaymentLabel(order)} />
            </Line>
            <Line label="Mode">
              {order.paymentMethod === 'mobile_money'
                ? `${paymentMethodLabels.mobile_money}${order.paymentWallet ? ` (${order.paymentWallet})` : ''}`
                : paymentMethodLabels.cash}
            </Line>
            <Line label="Points gagnés">{order.pointsEarned}</Line>
            <Line label="Points utilisés">{order.pointsUsed}</Line>
            <Line label="Total">{formatMoney(order.totalAmount)}</Line>
            {partlyPaid && (
              <>
                <Line label="Payé">{formatMoney(order.amountPaid)}</Line>
                <Line label="Reste dû">
                  <span className="text-red-700" data-testid="amount-owed">
                    {formatMoney(amountOwed(order))}
                  </span>
                </Line>
              </>
            )}
          </dl>
          {partlyPaid && order.status === 'delivered' && (
            <>
              <Button variant="outline" className="mt-3 w-full" onClick={() => setCollecting(true)}>
                Encaisser le reste
              </Button>
              <CollectRestDialog order={order} open={collecting} onClose={() => setCollecting(false)} />
            </>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Livreur</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3">
          {order.driver ? (
            <dl className="space-y-2">
              <Line label="Nom">{order.driver.name}</Line>
              <Line label="Téléphone">
                <PhoneLinks
                  phone={order.driver.phone}
                  who={order.driver.name}
                  message={messageToDriver(order, order.driver.name)}
                />
              </Line>
            </dl>
          ) : (
            <p className="text-sm text-stone-500">Aucun livreur assigné</p>
          )}
          <Button asChild variant="outline" className="w-full">
            <Link to={`/admin/orders/${order.id}/assign-driver`}>
              {order.driver ? 'Changer' : 'Assigner'}
            </Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  )
}
