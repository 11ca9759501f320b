import { PageHeader } from '@/client/components/ui/page-header'
import { ErrorState } from '@/client/components/ui/query-state'
import { Skeleton } from '@/client/components/ui/skeleton'
import { Receipt } from '@/client/components/receipt'
import { useOrderDetail } from '../api/orders-api'
import { useOrderIdParam } from '../lib/order-route'

/** /admin/orders/:orderId/receipt: staff print the receipt for the delivery bag (docs/rules.md#receipts). */
export default function StaffReceiptPage() {
  const orderId = useOrderIdParam()
  const query = useOrderDetail(orderId)
  let body
  if (query.isPending) body = <Skeleton className="h-96 w-full" />
  else if (query.isError)
    body = <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />
  else body = <Receipt order={query.data} />
  return (
    <div>
      <div className="no-print">
        <PageHeader title={`Reçu de la commande #${orderId}`} back={`/admin/orders/${orderId}`} />
      </div>
      {body}
    </div>
  )
}
