import { Link } from 'react-router'
import { Button } from '@/client/components/ui/button'
import { ErrorState, QueryState } from '@/client/components/ui/query-state'
import { Skeleton } from '@/client/components/ui/skeleton'
import { Receipt } from '@/client/components/receipt'
import { usePageParams } from '@/client/lib/page-url'
import { useOrderDetails } from '../api/use-order-details'
import { parseOrderId } from '../lib/order-id'

/**
 * /order-confirmation/:orderId/receipt: the client prints its own order's receipt
 * (docs/rules/orders.md#receipts). Opened directly, its first HTML is the build's shell, drawn
 * before the order's number is known (lib/page-url.ts): the title without it, the receipt loading.
 */
export default function ClientReceiptPage() {
  const params = usePageParams()
  const raw = params?.orderId ?? ''
  const orderId = parseOrderId(raw)
  const query = useOrderDetails(orderId)
  const loading = <Skeleton className="h-96 w-full" />
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-4 py-6">
      <div className="no-print flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-bold text-stone-900">
          {params ? `Reçu de la commande #${raw}` : 'Reçu de la commande'}
        </h1>
        {params && (
          <Button asChild variant="outline" size="sm">
            <Link to={`/order-confirmation/${raw}`}>Retour à la commande</Link>
          </Button>
        )}
      </div>
      {!params ? (
        loading
      ) : orderId === null ? (
        <ErrorState message="ID de commande non valide" />
      ) : (
        <QueryState query={query} loading={loading}>
          {(order) => <Receipt order={order} />}
        </QueryState>
      )}
    </div>
  )
}
