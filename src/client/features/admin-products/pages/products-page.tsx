import { staffErrorText } from '@/client/lib/error-text'
import { Download, Plus, Scissors, Upload } from 'lucide-react'
import { useState } from 'react'
import type { AdminProduct } from '@/shared/schemas/products'
import { Button } from '@/client/components/ui/button'
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog'
import { Select } from '@/client/components/ui/field'
import { PageHeader } from '@/client/components/ui/page-header'
import { EmptyState, QueryState } from '@/client/components/ui/query-state'
import { SkeletonRows } from '@/client/components/ui/skeleton'
import { api } from '@/client/lib/api'
import { useSession } from '@/client/lib/session'
import { useAdminCountries } from '@/client/lib/staff-places'
import { useAdminProducts } from '@/client/lib/staff-products'
import { useDeleteProduct, useUpdateProduct, type ProductFilters } from '../api/use-products'
import { BulkBar } from '../components/bulk-bar'
import { ImportDialog } from '../components/import-dialog'
import { PreparationsDialog } from '../components/preparations-dialog'
import { ProductDialog } from '../components/product-dialog'
import { ProductsTable } from '../components/products-table'
import { StockDialog } from '../components/stock-dialog'
import { StatsPanel } from '../components/stats-panel'

/** /admin/products: root everywhere with stats and bulk actions, a super_admin its country. */
export default function ProductsPage() {
  const { user } = useSession()
  const isRoot = user?.role === 'root'
  const [filters, setFilters] = useState<ProductFilters>({ country: '', status: 'all' })
  const products = useAdminProducts({
    country: filters.country || undefined,
    status: filters.status === 'all' ? undefined : filters.status,
  })
  const countries = useAdminCountries(isRoot)
  const update = useUpdateProduct()
  const remove = useDeleteProduct()
  const [dialog, setDialog] = useState<{ open: boolean; product?: AdminProduct }>({ open: false })
  const [toDelete, setToDelete] = useState<AdminProduct | null>(null)
  const [stockOf, setStockOf] = useState<AdminProduct | null>(null)
  const [importing, setImporting] = useState(false)
  const [preparing, setPreparing] = useState(false)
  const [selected, setSelected] = useState<Set<number>>(new Set())
  const fixedCountry = !isRoot && user?.countryId ? { id: user.countryId, name: user.country ?? '' } : null
  const countryList = countries.data ?? []
  const filtered = filters.country !== '' || filters.status !== 'all'
  // The export: root's chosen country (by name in the filter), else all; a super admin its own.
  const exportCountryId = countryList.find((c) => c.name === filters.country)?.id

  const select = (ids: number[], on: boolean) =>
    setSelected((s) => {
      const next = new Set(s)
      for (const id of ids)
        if (on) next.add(id)
        else next.delete(id)
      return next
    })
  const setFilter = (f: Partial<ProductFilters>) => {
    setFilters((cur) => ({ ...cur, ...f }))
    setSelected(new Set())
  }

  return (
    <>
      <PageHeader
        title="Gestion des Produits"
        description={
          isRoot ? 'Le catalogue de tous les pays.' : `Le catalogue de votre pays : ${user?.country ?? ''}.`
        }
        actions={
          <>
            <Button asChild variant="outline">
              <a href={api.href('/_api/admin/products/export', { countryId: exportCountryId })} download>
                <Download className="h-4 w-4" aria-hidden /> Exporter en CSV
              </a>
            </Button>
            <Button variant="outline" onClick={() => setPreparing(true)}>
              <Scissors className="h-4 w-4" aria-hidden /> Préparations
            </Button>
            <Button variant="outline" onClick={() => setImporting(true)}>
              <Upload className="h-4 w-4" aria-hidden /> Importer un CSV
            </Button>
            <Button onClick={() => setDialog({ open: true })}>
              <Plus className="h-4 w-4" aria-hidden /> Ajouter un produit
            </Button>
          </>
        }
      />
      {isRoot && <StatsPanel />}
      {isRoot && (
        <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:max-w-xl">
          <Select
            aria-label="Filtrer par pays"
            value={filters.country}
            onChange={(e) => setFilter({ country: e.target.value })}
          >
            <option value="">Tous les pays</option>
            {countryList.map((c) => (
              <option key={c.id} value={c.name}>
                {c.name}
              </option>
            ))}
          </Select>
          <Select
            aria-label="Filtrer par statut"
            value={filters.status}
            onChange={(e) => setFilter({ status: e.target.value as ProductFilters['status'] })}
          >
            <option value="all">Tous les statuts</option>
            <option value="active">Actifs</option>
            <option value="inactive">Inactifs</option>
          </Select>
        </div>
      )}
      {isRoot && (
        <BulkBar selected={[...selected]} countries={countryList} onDone={() => setSelected(new Set())} />
      )}
      <QueryState query={products} loading={<SkeletonRows count={5} />} errorMessage={staffErrorText}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState
              message={filtered ? 'Aucun produit ne correspond aux filtres' : 'Aucun produit trouvé'}
            />
          ) : (
            <ProductsTable
              products={list}
              selectable={isRoot}
              selected={selected}
              onSelect={select}
              onToggle={(p, isActive) => update.mutate({ id: p.id, isActive })}
              togglingId={update.isPending ? Number(update.variables?.id) : undefined}
              onEdit={(p) => setDialog({ open: true, product: p })}
              onStock={setStockOf}
              onDelete={setToDelete}
            />
          )
        }
      </QueryState>
      <ProductDialog
        open={dialog.open}
        product={dialog.product}
        countries={countryList}
        fixedCountry={fixedCountry}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
      />
      <PreparationsDialog
        open={preparing}
        onOpenChange={setPreparing}
        countries={countryList}
        fixedCountry={fixedCountry}
      />
      <StockDialog product={stockOf} onOpenChange={(open) => !open && setStockOf(null)} />
      <ImportDialog
        open={importing}
        onOpenChange={setImporting}
        countries={countryList}
        fixedCountry={fixedCountry}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Supprimer ce produit ?"
        description={`« ${toDelete?.name ?? ''} » sera retiré du catalogue et ne pourra plus être commandé. Les commandes passées le conservent. Cette action est irréversible.`}
        confirmLabel="Supprimer"
        destructive
        pending={remove.isPending}
        onConfirm={() => toDelete && remove.mutate(toDelete, { onSuccess: () => setToDelete(null) })}
      />
    </>
  )
}
