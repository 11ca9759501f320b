import { useState } from 'react'
import type { OrderStatus } from '@/shared/domain/order-status'
import { ADMIN_ORDERS_PAGE_SIZE } from '@/shared/schemas/orders'
import { PageHeader } from '@/client/components/ui/page-header'
import { useSession } from '@/client/lib/session'
import { useAdminOrders } from '@/client/lib/staff-orders'
import { useDebouncedValue } from '@/client/lib/use-debounced-value'
import {
  noPaymentFilter,
  noSlotFilter,
  OrderSearchFilters,
  PaymentFilters,
  paymentQuery,
  SlotFilters,
  slotQuery,
} from '../components/order-filters'
import { OrdersResults } from '../components/orders-results'
import { ExportOrdersButton } from '../components/export-orders-button'

/** /admin/orders-only, the admin's home: its country's orders, details link only. */
export default function OrdersOnlyPage() {
  const { user } = useSession()
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState<OrderStatus | ''>('')
  const [slot, setSlot] = useState(noSlotFilter)
  const [payment, setPayment] = useState(noPaymentFilter)
  const [page, setPage] = useState(1)
  const debouncedSearch = useDebouncedValue(search.trim(), 300)
  // The list's filters, given as they are to the CSV export too (docs/rules/money.md#reports).
  const filters = {
    search: debouncedSearch || undefined,
    status: status || undefined,
    ...slotQuery(slot),
    ...paymentQuery(payment),
  }
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
        <OrderSearchFilters
          search={search}
          onSearch={(v) => {
            setSearch(v)
            setPage(1)
          }}
          status={status}
          onStatus={(v) => {
            setStatus(v)
            setPage(1)
          }}
        />
        <SlotFilters
          value={slot}
          onChange={(v) => {
            setSlot(v)
            setPage(1)
          }}
          cityId={null}
        />
        <PaymentFilters
          value={payment}
          onChange={(v) => {
            setPayment(v)
            setPage(1)
          }}
        />
      </div>
      <OrdersResults
        query={orders}
        page={page}
        limit={ADMIN_ORDERS_PAGE_SIZE}
        onPageChange={setPage}
        canAssign={false}
      />
    </div>
  )
}
