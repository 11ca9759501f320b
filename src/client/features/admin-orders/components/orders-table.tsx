import { Link } from 'react-router'
import { orderSlotText } from '@/shared/domain/delivery-slots'
import { formatDateTime, formatMoney } from '@/shared/format'
import { amountOwed } from '@/shared/domain/status-effects'
import { Badge } from '@/client/components/ui/badge'
import { OrderStatusBadge, PaymentStatusBadge } from '@/client/components/ui/status-badges'
import { Table, TBody, Td, Th, THead, Tr } from '@/client/components/ui/table'
import type { OrderView } from '@/client/lib/order-view'
import { waitsForClient } from '@/shared/domain/confirmation'

/**
 * The orders of the management screens: Commande, Client, Livraison, Montant, Statut
 * (the order's), Paiement, Livreur, Actions. `canAssign` adds the link to the assign-driver page
 * (orders management); orders-only shows the details link alone.
 */
export function OrdersTable({ orders, canAssign }: { orders: OrderView[]; canAssign: boolean }) {
  return (
    <Table aria-label="Commandes">
      <THead>
        <tr>
          <Th>Commande</Th>
          <Th>Client</Th>
          <Th>Livraison</Th>
          <Th>Montant</Th>
          <Th>Statut</Th>
          <Th>Paiement</Th>
          <Th>Livreur</Th>
          <Th>Actions</Th>
        </tr>
      </THead>
      <TBody>
        {orders.map((o) => (
          <Tr key={o.id} data-testid={`order-row-${o.id}`}>
            <Td>
              <Link to={`/admin/orders/${o.id}`} className="font-semibold text-brand hover:underline">
                #{o.id}
              </Link>
              <div className="text-xs text-stone-500">{formatDateTime(o.createdAt)}</div>
            </Td>
            <Td>
              <div className="font-medium text-stone-900">{o.customer.name}</div>
              <div className="text-xs text-stone-500">{o.customer.email}</div>
            </Td>
            <Td>
              <div>
                {o.cityName} · {o.zoneName}
              </div>
              {/* Cut to one line in the table's column; whole on a phone's card. */}
              <div className="text-xs text-stone-500 md:max-w-36 md:truncate" title={o.deliveryAddress}>
                {o.deliveryAddress}
              </div>
              {orderSlotText(o) && (
                <div
                  className="text-xs font-medium whitespace-nowrap text-stone-700"
                  data-testid="order-row-slot"
                >
                  {orderSlotText(o)}
                </div>
              )}
            </Td>
            <Td className="font-medium whitespace-nowrap">{formatMoney(o.totalAmount)}</Td>
            <Td>
              <OrderStatusBadge status={o.status} fulfilment={o.fulfilment} />
              {waitsForClient(o) && (
                // docs/rules/confirmation.md#confirmation: waits for the client before preparation.
                <Badge variant="warning" className="mt-1" data-testid="order-row-to-confirm">
                  À confirmer
                </Badge>
              )}
            </Td>
            <Td>
              <PaymentStatusBadge status={o.paymentStatus} />
              {o.paymentMethod === 'mobile_money' && (
                // docs/rules/money.md#payments: the method beside the status.
                <span className="block text-xs text-stone-500" data-testid="order-row-method">
                  Mobile money{o.paymentWallet ? ` · ${o.paymentWallet}` : ''}
                </span>
              )}
              {o.paymentStatus === 'partly_paid' && (
                // docs/rules/money.md#partly-paid: what the client still owes.
                <span className="block text-xs font-medium text-red-700">
                  Reste dû : {formatMoney(amountOwed(o))}
                </span>
              )}
            </Td>
            <Td>{o.driver ? o.driver.name : <span className="text-stone-500">Non assigné</span>}</Td>
            <Td>
              <div className="flex flex-col items-end gap-1.5 md:items-start">
                <div className="flex items-center gap-3 text-sm font-medium md:flex-col md:items-start md:gap-1">
                  <Link to={`/admin/orders/${o.id}`} className="text-brand hover:underline">
                    Détails
                  </Link>
                  {canAssign && (
                    <Link
                      to={`/admin/orders/${o.id}/assign-driver`}
                      className="text-stone-700 hover:underline"
                    >
                      {o.driver ? 'Changer' : 'Assigner'}
                    </Link>
                  )}
                </div>
              </div>
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  )
}
