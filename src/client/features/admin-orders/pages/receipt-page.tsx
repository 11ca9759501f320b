import { PageHeader } from '@/client/components/ui/page-header'
import { ErrorState, QueryState } from '@/client/components/ui/query-state'
import { Skeleton } from '@/client/components/ui/skeleton'
import { Receipt } from '@/client/components/receipt'
import { useOrderDetail } from '../api/orders-api'
import { useOrderIdParam } from '../lib/order-route'

/** /admin/orders/:orderId/receipt: staff print the receipt for the delivery bag (docs/rules/orders.md#receipts). */
export default function StaffReceiptPage() {
  const orderId = useOrderIdParam()
  const query = useOrderDetail(orderId)
  return (
    <div>
      <div className="no-print">
        <PageHeader title={`Reçu de la commande #${orderId}`} back={`/admin/orders/${orderId}`} />
      </div>
      {orderId ? (
        <QueryState query={query} loading={<Skeleton className="h-96 w-full" />}>
          {(order) => <Receipt order={order} />}
        </QueryState>
      ) : (
        // Without a valid id the query never runs: said, not a skeleton forever.
        <ErrorState message="ID de commande manquant ou invalide." />
      )}
    </div>
  )
}
