import { useState } from 'react'
import { ADMIN_ORDERS_PAGE_SIZE } from '@/shared/schemas/orders'
import { Select } from '@/client/components/ui/field'
import { PageHeader } from '@/client/components/ui/page-header'
import { useCities, useZones } from '@/client/lib/reference-data'
import { useSession } from '@/client/lib/session'
import { useAdminOrders } from '@/client/lib/staff-orders'
import { OrderSearchFilters, PaymentFilters, SlotFilters, useOrderFilters } from '../components/order-filters'
import { OrdersResults } from '../components/orders-results'
import { ExportOrdersButton } from '../components/export-orders-button'

/** /admin/orders (super_admin, root): every filter, status badges and the assign-driver links. */
export default function OrdersPage() {
  const { user } = useSession()
  const [cityId, setCityId] = useState<number | null>(null)
  const [zoneId, setZoneId] = useState<number | null>(null)
  const f = useOrderFilters({ cityId: cityId ?? undefined, zoneId: zoneId ?? undefined })
  const { filters, page } = f
  // Every active city, deliverable or not (orders keep their city): root's of every country.
  const cities = useCities(user?.role === 'root' ? {} : { countryId: user?.countryId ?? undefined })
  const zones = useZones(cityId)
  const orders = useAdminOrders({ ...filters, page, limit: ADMIN_ORDERS_PAGE_SIZE })
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
        <OrderSearchFilters search={f.search} onSearch={f.onSearch} status={f.status} onStatus={f.onStatus} />
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
              f.onSlot({ ...f.slot, slotId: null })
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
            onChange={(e) => {
              setZoneId(e.target.value ? Number(e.target.value) : null)
              f.setPage(1)
            }}
          >
            <option value="">Toutes les zones</option>
            {(zones.data ?? []).map((z) => (
              <option key={z.id} value={z.id}>
                {z.name}
              </option>
            ))}
          </Select>
        </div>
        <SlotFilters value={f.slot} onChange={f.onSlot} cityId={cityId} />
        <PaymentFilters value={f.payment} onChange={f.onPayment} />
      </div>
      <OrdersResults
        query={orders}
        page={page}
        limit={ADMIN_ORDERS_PAGE_SIZE}
        onPageChange={f.setPage}
        canAssign
      />
    </div>
  )
}
