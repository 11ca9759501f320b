import { OrderStatusOptions } from '@/client/components/ui/order-status-options'
import { Eye } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import type { OrderStatus } from '@/shared/domain/order-status'
import { formatDateTime, formatMoney } from '@/shared/format'
import { Button } from '@/client/components/ui/button'
import { Input, Select } from '@/client/components/ui/field'
import { Pager, totalPagesOf } from '@/client/components/ui/pager'
import { QueryState } from '@/client/components/ui/query-state'
import { SkeletonRows } from '@/client/components/ui/skeleton'
import { OrderStatusBadge } from '@/client/components/ui/status-badges'
import { Table, TBody, Td, Th, THead, Tr } from '@/client/components/ui/table'
import { useAdminOrders } from '@/client/lib/staff-orders'
import { useDebouncedValue } from '@/client/lib/use-debounced-value'
import { COUNTRY_ORDERS_PAGE } from '../api/country-details-api'

/** The country's orders: search (300 ms), status, 50 a page, a link to each detail. */
export function CountryOrdersTab({ country }: { country: string }) {
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState<OrderStatus | ''>('')
  const [page, setPage] = useState(1)
  const debounced = useDebouncedValue(search.trim(), 300)
  const q = useAdminOrders({
    country,
    search: debounced || undefined,
    status: status || undefined,
    page,
    limit: COUNTRY_ORDERS_PAGE,
  })
  return (
    <div className="space-y-3">
      <div className="grid gap-2 sm:grid-cols-[1fr_14rem]">
        <Input
          type="search"
          aria-label="Rechercher une commande"
          placeholder="Rechercher par ID, client…"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value)
            setPage(1)
          }}
        />
        <Select
          aria-label="Statut"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as OrderStatus | '')
            setPage(1)
          }}
        >
          <OrderStatusOptions all="Tous les statuts" />
        </Select>
      </div>
      <QueryState
        query={q}
        loading={<SkeletonRows count={10} />}
        errorMessage={(e) => `Erreur lors du chargement des commandes: ${e.message}`}
        empty="Aucune commande trouvée"
        isEmpty={(d) => d.orders.length === 0}
      >
        {(d) => (
          <>
            <Table aria-label="Commandes du pays">
              <THead>
                <tr>
                  <Th>Commande</Th>
                  <Th>Client</Th>
                  <Th>Date</Th>
                  <Th>Statut</Th>
                  <Th className="text-right">Montant</Th>
                  <Th className="text-right">Détail</Th>
                </tr>
              </THead>
              <TBody>
                {d.orders.map((o) => (
                  <Tr key={o.id}>
                    <Td className="font-medium">#{o.id}</Td>
                    <Td>{o.customerName}</Td>
                    <Td className="whitespace-nowrap">{formatDateTime(o.createdAt)}</Td>
                    <Td>
                      <OrderStatusBadge status={o.status} fulfilment={o.fulfilment} />
                    </Td>
                    <Td className="text-right tabular-nums">{formatMoney(o.totalAmount)}</Td>
                    <Td className="text-right">
                      <Button asChild variant="ghost" size="icon">
                        <Link to={`/admin/orders/${o.id}`} aria-label={`Détail de la commande #${o.id}`}>
                          <Eye className="h-4 w-4" aria-hidden />
                        </Link>
                      </Button>
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
            <Pager
              page={page}
              totalPages={totalPagesOf(d.total, COUNTRY_ORDERS_PAGE)}
              onPageChange={setPage}
            />
          </>
        )}
      </QueryState>
    </div>
  )
}
