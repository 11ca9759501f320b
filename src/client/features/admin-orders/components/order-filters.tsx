import { useState } from 'react'
import { useDebouncedValue } from '@/client/lib/use-debounced-value'
import { OrderStatusOptions } from '@/client/components/ui/order-status-options'
import {
  paymentStatuses,
  paymentStatusLabels,
  type OrderStatus,
  type PaymentStatus,
} from '@/shared/domain/order-status'
import { paymentMethodLabels, paymentMethods, type PaymentMethod } from '@/shared/domain/payments'
import { formatSlotWindow } from '@/shared/domain/delivery-slots'
import { Input, SearchInput, Select } from '@/client/components/ui/field'
import { useCitySlots } from '@/client/lib/staff-places'

/** Search by id or client, and the status filter: shared by both order lists. */
export function OrderSearchFilters({
  search,
  onSearch,
  status,
  onStatus,
}: {
  search: string
  onSearch: (v: string) => void
  status: OrderStatus | ''
  onStatus: (v: OrderStatus | '') => void
}) {
  return (
    <>
      <div>
        <label htmlFor="orders-search" className="sr-only">
          Rechercher
        </label>
        <SearchInput
          id="orders-search"
          type="search"
          placeholder="Rechercher par ID, client..."
          value={search}
          onChange={(e) => onSearch(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor="orders-status" className="sr-only">
          Statut
        </label>
        <Select
          id="orders-status"
          value={status}
          onChange={(e) => onStatus(e.target.value as OrderStatus | '')}
        >
          <OrderStatusOptions all="Tous les statuts" />
        </Select>
      </div>
    </>
  )
}

export type SlotFilter = { slotDate: string; slotId: number | null; sort: 'created' | 'slot' }
export const noSlotFilter: SlotFilter = { slotDate: '', slotId: null, sort: 'created' }

/**
 * The delivery slot filters (docs/rules/delivery.md#delivery-slots): the slot's day, one slot of the
 * chosen city (`cityId`; none chosen: no slot list), and the order of the list.
 */
export function SlotFilters({
  value,
  onChange,
  cityId,
}: {
  value: SlotFilter
  onChange: (v: SlotFilter) => void
  cityId: number | null
}) {
  const slots = useCitySlots(cityId)
  return (
    <>
      <div>
        <label htmlFor="orders-slot-day" className="sr-only">
          Jour du créneau
        </label>
        <Input
          id="orders-slot-day"
          type="date"
          title="Jour du créneau"
          value={value.slotDate}
          onChange={(e) => onChange({ ...value, slotDate: e.target.value })}
        />
      </div>
      {cityId !== null && (
        <div>
          <label htmlFor="orders-slot" className="sr-only">
            Créneau
          </label>
          <Select
            id="orders-slot"
            value={value.slotId ?? ''}
            onChange={(e) => onChange({ ...value, slotId: e.target.value ? Number(e.target.value) : null })}
          >
            <option value="">Tous les créneaux</option>
            {(slots.data?.slots ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {formatSlotWindow(s.startsAt, s.endsAt)}
              </option>
            ))}
          </Select>
        </div>
      )}
      <div>
        <label htmlFor="orders-sort" className="sr-only">
          Trier
        </label>
        <Select
          id="orders-sort"
          value={value.sort}
          onChange={(e) => onChange({ ...value, sort: e.target.value as SlotFilter['sort'] })}
        >
          <option value="created">Plus récentes d’abord</option>
          <option value="slot">Par créneau</option>
        </Select>
      </div>
    </>
  )
}

/** The query fields of a slot filter. */
export const slotQuery = (f: SlotFilter) => ({
  slotDate: f.slotDate || undefined,
  slotId: f.slotId ?? undefined,
  sort: f.sort === 'slot' ? ('slot' as const) : undefined,
})

export type PaymentFilter = { paymentStatus: PaymentStatus | ''; paymentMethod: PaymentMethod | '' }
export const noPaymentFilter: PaymentFilter = { paymentStatus: '', paymentMethod: '' }

/** By payment status and by method (docs/rules/money.md#payments): shared by both order lists. */
export function PaymentFilters({
  value,
  onChange,
}: {
  value: PaymentFilter
  onChange: (v: PaymentFilter) => void
}) {
  return (
    <>
      <div>
        <label htmlFor="orders-payment-status" className="sr-only">
          État du paiement
        </label>
        <Select
          id="orders-payment-status"
          value={value.paymentStatus}
          onChange={(e) =>
            onChange({ ...value, paymentStatus: e.target.value as PaymentFilter['paymentStatus'] })
          }
        >
          <option value="">Tous les paiements</option>
          {paymentStatuses.map((s) => (
            <option key={s} value={s}>
              {paymentStatusLabels[s]}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <label htmlFor="orders-payment-method" className="sr-only">
          Mode de paiement
        </label>
        <Select
          id="orders-payment-method"
          value={value.paymentMethod}
          onChange={(e) =>
            onChange({ ...value, paymentMethod: e.target.value as PaymentFilter['paymentMethod'] })
          }
        >
          <option value="">Tous les modes de paiement</option>
          {paymentMethods.map((m) => (
            <option key={m} value={m}>
              {paymentMethodLabels[m]}
            </option>
          ))}
        </Select>
      </div>
    </>
  )
}

/** The query fields of a payment filter. */
export const paymentQuery = (f: PaymentFilter) => ({
  paymentStatus: f.paymentStatus || undefined,
  paymentMethod: f.paymentMethod || undefined,
})

/**
 * The filters both order lists share (search, status, slot, payment) and their page: each setter
 * starts the list again at page 1. `filters` is the list's query without its page, given as it is
 * to the CSV export too (docs/rules/money.md#reports); `place` adds a city and a zone.
 */
export function useOrderFilters(place: { cityId?: number; zoneId?: number } = {}) {
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState<OrderStatus | ''>('')
  const [slot, setSlot] = useState(noSlotFilter)
  const [payment, setPayment] = useState(noPaymentFilter)
  const [page, setPage] = useState(1)
  const debouncedSearch = useDebouncedValue(search.trim(), 300)
  const firstPage =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v)
      setPage(1)
    }
  return {
    search,
    onSearch: firstPage(setSearch),
    status,
    onStatus: firstPage(setStatus),
    slot,
    onSlot: firstPage(setSlot),
    payment,
    onPayment: firstPage(setPayment),
    page,
    setPage,
    filters: {
      search: debouncedSearch || undefined,
      status: status || undefined,
      ...place,
      ...slotQuery(slot),
      ...paymentQuery(payment),
    },
  }
}
