import { formatCount } from '@/shared/format'
import { Pager, totalPagesOf } from '@/client/components/ui/pager'
import { QueryState } from '@/client/components/ui/query-state'
import { SkeletonRows } from '@/client/components/ui/skeleton'
import type { useAdminOrders } from '@/client/lib/staff-orders'
import { OrdersTable } from './orders-table'

/** The list's states (10 skeleton rows, error, 'Aucune commande trouvée'), its table and pager. */
export function OrdersResults({
  query,
  page,
  limit,
  onPageChange,
  canAssign,
}: {
  query: ReturnType<typeof useAdminOrders>
  page: number
  limit: number
  onPageChange: (page: number) => void
  canAssign: boolean
}) {
  return (
    <QueryState
      query={query}
      loading={<SkeletonRows count={10} />}
      errorTitle="Erreur lors du chargement des commandes"
      empty="Aucune commande trouvée"
      isEmpty={(d) => d.orders.length === 0}
    >
      {(d) => (
        <div className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          <p className="mb-2 text-sm text-stone-600">
            {formatCount(d.total)} commande{d.total > 1 ? 's' : ''}
          </p>
          <OrdersTable orders={d.orders} canAssign={canAssign} />
          <Pager page={page} totalPages={totalPagesOf(d.total, limit)} onPageChange={onPageChange} />
        </div>
      )}
    </QueryState>
  )
}
