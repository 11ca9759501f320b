import { useState } from 'react'
import type { OrderStatus } from '@/shared/domain/order-status'
import { ADMIN_ORDERS_PAGE_SIZE } from '@/shared/schemas/orders'
import { Select } from '@/client/components/ui/field'
import { PageHeader } from '@/client/components/ui/page-header'
import { useCities, useZones } from '@/client/lib/reference-data'
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

/** /admin/orders (super_admin, root): every filter, status badges and the assign-driver links. */
export default function OrdersPage() {
  const { user } = useSession()
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState<OrderStatus | ''>('')
  const [cityId, setCityId] = useState<number | null>(null)
  const [zoneId, setZoneId] = useState<number | null>(null)
  const [slot, setSlot] = useState(noSlotFilter)
  const [payment, setPayment] = useState(noPaymentFilter)
  const [page, setPage] = useState(1)
  const debouncedSearch = useDebouncedValue(search.trim(), 300)
  // Every active city, deliverable or not (orders keep their city): root's of every country.
  const cities = useCities(user?.role === 'root' ? {} : { countryId: user?.countryId ?? undefined })
  const zones = useZones(cityId)
  // The list's filters, given as they are to the CSV export too (docs/rules/money.md#reports).
  const filters = {
    search: debouncedSearch || undefined,
    status: status || undefined,
    cityId: cityId ?? undefined,
    zoneId: zoneId ?? undefined,
    ...slotQuery(slot),
    ...paymentQuery(payment),
  }
  const orders = useAdminOrders({ ...filters, page, limit: ADMIN_ORDERS_PAGE_SIZE })
  // Every filter change starts again at page 1.
  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v)
      setPage(1)
    }

  return (
    <div>
      <PageHeader
        title="Gestion des Commandes"
        description={
          user?.role === 'root'
            ? 'Toutes les commandes, tous pays confondus.'
            : `Commandes · ${user?.country ?? ''}`
        }
        actions={<ExportOrdersButton filters={filters} />}
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-[repeat(auto-fill,minmax(15rem,1fr))]">
        <OrderSearchFilters
          search={search}
          onSearch={reset(setSearch)}
          status={status}
          onStatus={reset(setStatus)}
        />
        <div>
          <label htmlFor="orders-city" className="sr-only">
            Ville
          </label>
          <Select
            id="orders-city"
            value={cityId ?? ''}
            onChange={(e) => {
              setCityId(e.target.value ? Number(e.target.value) : null)
              setZoneId(null)
              setSlot((f) => ({ ...f, slotId: null }))
              setPage(1)
            }}
          >
            <option value="">Toutes les villes</option>
            {(cities.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {user?.role === 'root' ? `${c.name} (${c.country.name})` : c.name}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <label htmlFor="orders-zone" className="sr-only">
            Zone
          </label>
          <Select
            id="orders-zone"
            value={zoneId ?? ''}
            disabled={cityId === null}
            onChange={(e) => reset(setZoneId)(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">Toutes les zones</option>
            {(zones.data ?? []).map((z) => (
              <option key={z.id} value={z.id}>
                {z.name}
              </option>
            ))}
          </Select>
        </div>
        <SlotFilters value={slot} onChange={reset(setSlot)} cityId={cityId} />
        <PaymentFilters value={payment} onChange={reset(setPayment)} />
      </div>
      <OrdersResults
        query={orders}
        page={page}
        limit={ADMIN_ORDERS_PAGE_SIZE}
        onPageChange={setPage}
        canAssign
      />
    </div>
  )
}
