import { Link } from 'react-router'
import { formatDateTime, formatMoney } from '@/shared/format'
import { Button } from '../../../components/ui/button'
import { OrderStatusBadge, PaymentStatusBadge } from '../../../components/ui/status-badges'
import { Table, TBody, Td, Th, THead, Tr } from '../../../components/ui/table'
import type { OrderView } from '../../../lib/order-view'

/**
 * The orders of the management screens (SPEC §2): Commande, Client, Livraison, Montant,
 * Paiement, Livreur, Statut & Actions. `canAssign` adds the link to the assign-driver page
 * (orders management); orders-only shows the details link alone.
 */
export function OrdersTable({ orders, canAssign }: { orders: OrderView[]; canAssign: boolean }) {
  return (
    <Table>
      <THead>
        <tr>
          <Th>Commande</Th>
          <Th>Client</Th>
          <Th>Livraison</Th>
          <Th>Montant</Th>
          <Th>Paiement</Th>
          <Th>Livreur</Th>
          <Th>{canAssign ? 'Statut & Actions' : 'Actions'}</Th>
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
              <div className="max-w-56 truncate text-xs text-stone-500" title={o.deliveryAddress}>
                {o.deliveryAddress}
              </div>
            </Td>
            <Td className="font-medium whitespace-nowrap">{formatMoney(o.totalAmount)}</Td>
            <Td>
              <PaymentStatusBadge status={o.paymentStatus} />
            </Td>
            <Td>{o.driver ? o.driver.name : <span className="text-stone-500">Non assigné</span>}</Td>
            <Td>
              <div className="flex items-center gap-2">
                {canAssign && <OrderStatusBadge status={o.status} />}
                <Button asChild variant="outline" size="sm">
                  <Link to={`/admin/orders/${o.id}`}>Détails</Link>
                </Button>
                {canAssign && (
                  <Button asChild variant="ghost" size="sm">
                    <Link to={`/admin/orders/${o.id}/assign-driver`}>{o.driver ? 'Changer le livreur' : 'Assigner'}</Link>
                  </Button>
                )}
              </div>
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  )
}
