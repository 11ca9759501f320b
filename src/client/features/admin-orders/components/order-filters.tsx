import { Search } from 'lucide-react'
import { orderStatuses, orderStatusLabels, type OrderStatus } from '@/shared/domain/order-status'
import { Input, Select } from '@/client/components/ui/field'

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
      <div className="relative">
        <label htmlFor="orders-search" className="sr-only">
          Rechercher
        </label>
        <Search className="pointer-events-none absolute top-2.5 left-3 h-5 w-5 text-stone-400" aria-hidden />
        <Input
          id="orders-search"
          type="search"
          className="pl-10"
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
          <option value="">Tous les statuts</option>
          {orderStatuses.map((s) => (
            <option key={s} value={s}>
              {orderStatusLabels[s]}
            </option>
          ))}
        </Select>
      </div>
    </>
  )
}
