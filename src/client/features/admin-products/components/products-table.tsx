import { MIN_PHOTO_WIDTH, photoUrl } from '@/shared/photos'
import { Beef, PackageCheck, Pencil, Trash2 } from 'lucide-react'
import { formatMoney, formatQuantity } from '@/shared/format'
import type { AdminProduct } from '@/shared/schemas/products'
import { Badge } from '@/client/components/ui/badge'
import { RowActions } from '@/client/components/ui/row-actions'
import { Switch } from '@/client/components/ui/switch'
import { Table, TBody, Td, Th, THead, Tr } from '@/client/components/ui/table'

/** The catalogue table; root gets the selection checkboxes. */
export function ProductsTable({
  products,
  selectable,
  selected,
  onSelect,
  onToggle,
  togglingId,
  onEdit,
  onStock,
  onDelete,
}: {
  products: AdminProduct[]
  selectable: boolean
  selected: Set<number>
  onSelect: (ids: number[], on: boolean) => void
  onToggle: (p: AdminProduct, isActive: boolean) => void
  togglingId?: number
  onEdit: (p: AdminProduct) => void
  onStock: (p: AdminProduct) => void
  onDelete: (p: AdminProduct) => void
}) {
  const allOn = products.length > 0 && products.every((p) => selected.has(p.id))
  return (
    <Table aria-label="Produits">
      <THead>
        <tr>
          {selectable && (
            <Th className="w-10">
              <input
                type="checkbox"
                className="h-4 w-4 accent-emerald-700"
                aria-label="Tout sélectionner"
                checked={allOn}
                onChange={(e) =>
                  onSelect(
                    products.map((p) => p.id),
                    e.target.checked,
                  )
                }
              />
            </Th>
          )}
          <Th>Produit</Th>
          <Th>Pays</Th>
          <Th>Prix</Th>
          <Th>Qté min.</Th>
          <Th>Statut</Th>
          <Th>Stock</Th>
          <Th className="text-right">Actions</Th>
        </tr>
      </THead>
      <TBody>
        {products.map((p) => (
          <Tr key={p.id} className={selected.has(p.id) ? 'bg-brand-light/50' : undefined}>
            {selectable && (
              <Td>
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-emerald-700"
                  aria-label={`Sélectionner ${p.name}`}
                  checked={selected.has(p.id)}
                  onChange={(e) => onSelect([p.id], e.target.checked)}
                />
              </Td>
            )}
            <Td>
              <div className="flex items-center gap-3">
                {p.photo || p.imageUrl ? (
                  <img
                    src={p.photo ? photoUrl(p.photo.key, MIN_PHOTO_WIDTH) : p.imageUrl!}
                    alt=""
                    width={40}
                    height={40}
                    className="h-10 w-10 rounded object-cover"
                    loading="lazy"
                    decoding="async"
                  />
                ) : (
                  <span className="flex h-10 w-10 items-center justify-center rounded bg-stone-100 text-stone-400">
                    <Beef className="h-5 w-5" aria-hidden />
                  </span>
                )}
                <div>
                  <p className="font-medium text-stone-900">{p.name}</p>
                  <p className="text-xs text-stone-500">{p.category?.name ?? 'Non classé'}</p>
                </div>
              </div>
            </Td>
            <Td>{p.countryName}</Td>
            <Td className="whitespace-nowrap">
              {formatMoney(p.pricePerUnit)}{' '}
              <span className="text-stone-500">/ {p.unitType === 'kg' ? 'kg' : 'unité'}</span>
            </Td>
            <Td className="whitespace-nowrap">{formatQuantity(p.minQuantity, p.unitType)}</Td>
            <Td>
              <div className="flex items-center gap-2">
                <Switch
                  checked={p.isActive}
                  disabled={togglingId === p.id}
                  onCheckedChange={(on) => onToggle(p, on)}
                  label={`${p.isActive ? 'Désactiver' : 'Activer'} le produit ${p.name}`}
                />
                <Badge variant={p.isActive ? 'success' : 'outline'}>{p.isActive ? 'Actif' : 'Inactif'}</Badge>
              </div>
            </Td>
            <Td>
              <StockCell product={p} />
            </Td>
            <Td>
              <RowActions
                actions={[
                  {
                    label: `Stock de ${p.name}`,
                    text: 'Stock',
                    icon: PackageCheck,
                    onClick: () => onStock(p),
                  },
                  { label: `Modifier ${p.name}`, text: 'Modifier', icon: Pencil, onClick: () => onEdit(p) },
                  {
                    label: `Supprimer ${p.name}`,
                    text: 'Supprimer',
                    icon: Trash2,
                    destructive: true,
                    onClick: () => onDelete(p),
                  },
                ]}
              />
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  )
}

/** How staff set the product's stock and what is left today (docs/rules/catalogue.md#stock). */
function StockCell({ product: p }: { product: AdminProduct }) {
  const left =
    p.dailyQuantity === null ? null : (
      <span className="block text-xs text-stone-600">
        {formatQuantity(p.stock.left ?? 0, p.unitType)} restant(s) sur{' '}
        {formatQuantity(p.dailyQuantity, p.unitType)}
      </span>
    )
  if (p.outOfStock === 'until_further_notice')
    return <Badge variant="destructive">Épuisé jusqu’à nouvel ordre</Badge>
  if (p.outOfStock === 'today') return <Badge variant="destructive">Épuisé aujourd’hui</Badge>
  return (
    <div>
      <Badge variant={p.stock.soldOut ? 'destructive' : p.dailyQuantity === null ? 'outline' : 'warning'}>
        {p.stock.soldOut ? 'Épuisé' : p.dailyQuantity === null ? 'En stock' : 'Quantité du jour'}
      </Badge>
      {left}
    </div>
  )
}
