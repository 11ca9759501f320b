import { Eye, ImageOff } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { orderStatuses, orderStatusLabels, type OrderStatus } from '@/shared/domain/order-status'
import { formatDate, formatDateTime, formatMoney } from '@/shared/format'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Input, Select } from '../../../components/ui/field'
import { Pager, totalPagesOf } from '../../../components/ui/pager'
import { QueryState } from '../../../components/ui/query-state'
import { SkeletonRows } from '../../../components/ui/skeleton'
import { OrderStatusBadge } from '../../../components/ui/status-badges'
import { Switch } from '../../../components/ui/switch'
import { Table, TBody, Td, Th, THead, Tr } from '../../../components/ui/table'
import { COUNTRY_ORDERS_PAGE, useCountryCities, useCountryOrders, useCountryProducts, useToggleCity } from '../api/country-details-api'
import { useDebounced } from '../api/use-debounced'

export function CountryOrdersTab({ country }: { country: string }) {
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState<OrderStatus | ''>('')
  const [page, setPage] = useState(1)
  const debounced = useDebounced(search.trim(), 300)
  const q = useCountryOrders(country, { search: debounced || undefined, status: status || undefined, page })
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
          <option value="">Tous les statuts</option>
          {orderStatuses.map((s) => (
            <option key={s} value={s}>
              {orderStatusLabels[s]}
            </option>
          ))}
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
            <Table>
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
                      <OrderStatusBadge status={o.status} />
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
            <Pager page={page} totalPages={totalPagesOf(d.total, COUNTRY_ORDERS_PAGE)} onPageChange={setPage} />
          </>
        )}
      </QueryState>
    </div>
  )
}

export function CountryProductsTab({ country }: { country: string }) {
  const q = useCountryProducts(country)
  return (
    <QueryState
      query={q}
      loading={<SkeletonRows count={5} />}
      errorMessage={(e) => `Erreur lors du chargement des produits: ${e.message}`}
      empty="Aucun produit trouvé"
      isEmpty={(d) => d.length === 0}
    >
      {(products) => (
        <Table>
          <THead>
            <tr>
              <Th>Image</Th>
              <Th>Nom</Th>
              <Th>Catégorie</Th>
              <Th className="text-right">Prix</Th>
              <Th>Statut</Th>
            </tr>
          </THead>
          <TBody>
            {products.map((p) => (
              <Tr key={p.id}>
                <Td>
                  {p.imageUrl ? (
                    <img src={p.imageUrl} alt="" className="h-10 w-10 rounded object-cover" loading="lazy" />
                  ) : (
                    <span className="grid h-10 w-10 place-items-center rounded bg-stone-100 text-stone-400">
                      <ImageOff className="h-4 w-4" aria-hidden />
                    </span>
                  )}
                </Td>
                <Td className="font-medium">{p.name}</Td>
                <Td>{p.category?.name ?? 'Non classé'}</Td>
                <Td className="text-right whitespace-nowrap tabular-nums">
                  {formatMoney(p.pricePerUnit)} / {p.unitType === 'kg' ? 'kg' : 'unité'}
                </Td>
                <Td>
                  <Badge variant={p.isActive ? 'success' : 'outline'}>{p.isActive ? 'Actif' : 'Inactif'}</Badge>
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
    </QueryState>
  )
}

export function CountryCitiesTab({ country }: { country: string }) {
  const q = useCountryCities(country)
  const toggle = useToggleCity()
  return (
    <QueryState
      query={q}
      loading={<SkeletonRows count={8} />}
      errorMessage={(e) => `Erreur lors du chargement des villes: ${e.message || 'Failed to fetch cities'}`}
      empty="Aucune ville trouvée"
      isEmpty={(d) => d.length === 0}
    >
      {(cities) => (
        <Table>
          <THead>
            <tr>
              <Th>Ville</Th>
              <Th>Créée le</Th>
              <Th>Statut</Th>
            </tr>
          </THead>
          <TBody>
            {cities.map((c) => (
              <Tr key={c.id}>
                <Td className="font-medium">{c.name}</Td>
                <Td>{formatDate(c.createdAt)}</Td>
                <Td>
                  <div className="flex items-center gap-2">
                    <Switch
                      checked={c.isActive}
                      disabled={toggle.isPending}
                      label={`${c.isActive ? 'Désactiver' : 'Activer'} ${c.name}`}
                      onCheckedChange={(isActive) => toggle.mutate({ id: c.id, isActive })}
                    />
                    <span className="text-xs text-stone-600">{c.isActive ? 'Active' : 'Inactive'}</span>
                  </div>
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
    </QueryState>
  )
}
