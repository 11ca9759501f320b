import { OrderStatusOptions } from '@/client/components/ui/order-status-options'
import { Search } from 'lucide-react'
import { useState } from 'react'
import { Input, Select } from '@/client/components/ui/field'
import { PageHeader } from '@/client/components/ui/page-header'
import { QueryState } from '@/client/components/ui/query-state'
import { useClientOrders } from '../api/use-client-orders'
import { OrderCard, OrderCardsSkeleton } from '../components/order-card'
import { useReorder } from '../lib/use-reorder'
import { useDebouncedValue } from '@/client/lib/use-debounced-value'

/** /orders: the client's history, by order number or product name, and status. */
export default function OrdersPage() {
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState('')
  const term = useDebouncedValue(search.trim())
  const orders = useClientOrders({ search: term, status })
  const { reorder, pending } = useReorder()
  const filtered = term !== '' || status !== ''

  return (
    <div className="space-y-5">
      <PageHeader
        title="Mes commandes"
        description="Retrouvez toutes vos commandes et leur statut."
        back="/dashboard"
      />
      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-stone-400"
            aria-hidden
          />
          <Input
            type="search"
            className="pl-9"
            aria-label="Rechercher une commande"
            placeholder="N° de commande ou produit…"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <Select
          aria-label="Filtrer par statut"
          className="sm:w-56"
          value={status}
          onChange={(e) => setStatus(e.target.value)}
        >
          <OrderStatusOptions all="Tous les statuts" />
        </Select>
      </div>
      <QueryState
        query={orders}
        loading={<OrderCardsSkeleton count={6} />}
        errorTitle="Erreur de chargement"
        errorMessage={() => "Impossible de récupérer l'historique de vos commandes."}
        empty={filtered ? 'Aucun résultat' : 'Aucune commande trouvée'}
        isEmpty={(list) => list.length === 0}
      >
        {(list) => (
          <div className="grid gap-4 md:grid-cols-2" aria-busy={orders.isFetching}>
            {list.map((o) => (
              <OrderCard
                key={o.id}
                order={o}
                onReorder={() => void reorder(o)}
                reordering={pending === o.id}
              />
            ))}
          </div>
        )}
      </QueryState>
    </div>
  )
}
