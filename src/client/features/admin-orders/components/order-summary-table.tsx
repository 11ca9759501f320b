import { Link } from 'react-router'
import { formatDate, formatMoney } from '@/shared/format'
import type { OrderStatus } from '@/shared/domain/order-status'
import { OrderStatusBadge } from '@/client/components/ui/status-badges'
import { Table, TBody, Td, Th, THead, Tr } from '@/client/components/ui/table'

type SummaryOrder = {
  id: number
  createdAt: Date | string
  status: OrderStatus | string
  totalAmount: number
  customerName?: string
}

/**
 * A short list of orders, each linked to its staff page: Commande, Client (when `withCustomer`),
 * Date, Statut, Montant. The admin dashboard's recent orders and a client's history show it.
 */
export function OrderSummaryTable({
  orders,
  label,
  withCustomer = false,
}: {
  orders: SummaryOrder[]
  label: string
  withCustomer?: boolean
}) {
  return (
    <Table aria-label={label}>
      <THead>
        <tr>
          <Th>Commande</Th>
          {withCustomer && <Th>Client</Th>}
          <Th>Date</Th>
          <Th>Statut</Th>
          <Th className="text-right">Montant</Th>
        </tr>
      </THead>
      <TBody>
        {orders.map((o) => (
          <Tr key={o.id}>
            <Td>
              <Link to={`/admin/orders/${o.id}`} className="font-medium text-brand hover:underline">
                #{o.id}
              </Link>
            </Td>
            {withCustomer && <Td>{o.customerName}</Td>}
            <Td className="whitespace-nowrap">{formatDate(o.createdAt)}</Td>
            <Td>
              <OrderStatusBadge status={o.status} />
            </Td>
            <Td className="text-right tabular-nums">{formatMoney(o.totalAmount)}</Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  )
}
