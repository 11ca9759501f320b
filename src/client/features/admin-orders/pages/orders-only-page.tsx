import { ADMIN_ORDERS_PAGE_SIZE } from '@/shared/schemas/orders'
import { PageHeader } from '@/client/components/ui/page-header'
import { useSession } from '@/client/lib/session'
import { useAdminOrders } from '@/client/lib/staff-orders'
import { OrderSearchFilters, PaymentFilters, SlotFilters, useOrderFilters } from '../components/order-filters'
import { OrdersResults } from '../components/orders-results'
import { ExportOrdersButton } from '../components/export-orders-button'

/** /admin/orders-only, the admin's home: its country's orders, details link only. */
export default function OrdersOnlyPage() {
  const { user } = useSession()
  const f = useOrderFilters()
  const { filters, page } = f
  const orders = useAdminOrders({ ...filters, page, limit: ADMIN_ORDERS_PAGE_SIZE })

  return (
    <div>
      <PageHeader
        title="Gestion des Commandes"
        description={
          <>
            Pays : <span className="font-medium text-stone-900">{user?.country ?? 'Non défini'}</span>
          </>
        }
        back={false}
        actions={<ExportOrdersButton filters={filters} />}
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <OrderSearchFilters search={f.search} onSearch={f.onSearch} status={f.status} onStatus={f.onStatus} />
        <SlotFilters value={f.slot} onChange={f.onSlot} cityId={null} />
        <PaymentFilters value={f.payment} onChange={f.onPayment} />
      </div>
      <OrdersResults
        query={orders}
        page={page}
        limit={ADMIN_ORDERS_PAGE_SIZE}
        onPageChange={f.setPage}
        canAssign={false}
      />
    </div>
  )
}
