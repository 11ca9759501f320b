import { Minus, Plus, Trash2 } from 'lucide-react'
import { lineTotal, unitPriceWith } from '@/shared/domain/pricing'
import type { PreparationOffer } from '@/shared/domain/preparations'
import { quantityStep } from '@/shared/domain/units'
import { formatMoney, formatQuantity } from '@/shared/format'
import { Button } from '@/client/components/ui/button'
import { Card } from '@/client/components/ui/card'
import { cn } from '@/client/components/ui/cn'
import { lineKeyOf, type CartItem } from '@/client/lib/cart'
import { removeLine, setLinePreparation, setLineQuantity } from '@/client/lib/cart-actions'
import { PreparationPicker } from '@/client/features/storefront/components/preparation-picker'
import { ProductImage } from '@/client/features/storefront/components/product-image'
import type { LineIssue } from '../lib/stock-issues'

/**
 * The cart's lines: quantity by the unit's step (below the minimum removes the line), line total,
 * remove; a line that changed since it was added (docs/rules/catalogue.md#stock) says why, and offers to
 * lower it to what is left or to remove it.
 */
export function CartLines({
  items,
  issues,
  offers,
}: {
  items: CartItem[]
  issues?: Map<number, LineIssue>
  /** Each product's preparations as the catalogue offers them now (docs/rules/orders.md#preparations). */
  offers?: Map<number, PreparationOffer[]>
}) {
  return (
    <Card>
      <ul className="divide-y divide-stone-200" aria-label="Articles du panier">
        {items.map((item) => {
          const step = quantityStep(item.unitType)
          const issue = issues?.get(item.id)
          const key = lineKeyOf(item)
          const fresh = offers?.get(item.id)
          const gone =
            item.preparationId != null && !!fresh && !fresh.some((o) => o.id === item.preparationId)
          return (
            <li
              key={key}
              className={cn('flex gap-3 p-3 sm:p-4', issue && 'bg-red-50/60')}
              data-testid="cart-line"
              data-changed={issue ? 'true' : undefined}
            >
              <ProductImage
                src={item.imageUrl}
                alt={item.name}
                className="h-16 w-16 shrink-0 rounded-md sm:h-20 sm:w-20"
              />
              <div className="min-w-0 flex-1 space-y-1.5">
                <div className="flex items-start justify-between gap-2">
                  <p className="font-medium text-stone-900">{item.name}</p>
                  <button
                    type="button"
                    onClick={() => removeLine(key)}
                    className="rounded-md p-1 text-stone-500 hover:bg-stone-100 hover:text-red-700"
                    aria-label={`Retirer ${item.name} du panier`}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden />
                  </button>
                </div>
                <p className="text-sm text-stone-600">
                  {formatMoney(unitPriceWith(item.pricePerUnit, item.preparationPrice ?? 0))}{' '}
                  {item.unitType === 'kg' ? '/ kg' : '/ unité'}
                </p>
                <PreparationPicker
                  offers={fresh ?? item.preparations}
                  unitType={item.unitType}
                  value={item.preparationId}
                  onChange={(offer) => setLinePreparation(key, offer)}
                  productName={item.name}
                />
                {gone && (
                  <p className="text-sm font-medium text-red-800" data-testid="preparation-gone">
                    « {item.preparationName} » n’est plus proposé pour ce produit : choisissez une autre
                    préparation.
                  </p>
                )}
                <div className="flex items-center justify-between gap-2">
                  <div
                    className="flex items-center rounded-md border border-stone-300"
                    role="group"
                    aria-label={`Quantité de ${item.name}`}
                  >
                    <button
                      type="button"
                      className="grid h-9 w-9 place-items-center"
                      aria-label="Diminuer la quantité"
                      onClick={() => setLineQuantity(key, item.quantity - step)}
                    >
                      <Minus className="h-4 w-4" aria-hidden />
                    </button>
                    <span className="min-w-16 text-center text-sm tabular-nums" data-testid="line-quantity">
                      {formatQuantity(item.quantity, item.unitType)}
                    </span>
                    <button
                      type="button"
                      className="grid h-9 w-9 place-items-center"
                      aria-label="Augmenter la quantité"
                      onClick={() => setLineQuantity(key, item.quantity + step)}
                    >
                      <Plus className="h-4 w-4" aria-hidden />
                    </button>
                  </div>
                  <p className="font-semibold text-stone-900" data-testid="line-total">
                    {formatMoney(
                      lineTotal(unitPriceWith(item.pricePerUnit, item.preparationPrice ?? 0), item.quantity),
                    )}
                  </p>
                </div>
                {issue && (
                  <div
                    className="space-y-2 rounded-md border border-red-200 bg-white p-2"
                    data-testid="line-issue"
                  >
                    <p className="text-sm font-medium text-red-800">{issue.message}</p>
                    <div className="flex flex-wrap gap-2">
                      {issue.lowerTo !== null && (
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => setLineQuantity(key, issue.lowerTo!)}
                        >
                          Passer à {formatQuantity(issue.lowerTo, item.unitType)}
                        </Button>
                      )}
                      <Button size="sm" variant="outline" onClick={() => removeLine(key)}>
                        Retirer l’article
                      </Button>
                    </div>
                  </div>
                )}
              </div>
            </li>
          )
        })}
      </ul>
    </Card>
  )
}
