import { Minus, Plus, ShoppingCart } from 'lucide-react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { isShopper } from '@/shared/domain/roles'
import { lowStockLeft } from '@/shared/domain/stock'
import { quantityStep } from '@/shared/domain/units'
import { formatMoney, formatQuantity } from '@/shared/format'
import type { PublicProduct } from '@/shared/schemas/storefront'
import { Badge } from '@/client/components/ui/badge'
import { Button } from '@/client/components/ui/button'
import { Card } from '@/client/components/ui/card'
import { Skeleton } from '@/client/components/ui/skeleton'
import { addLine, cannotAdd, minQuantityOf, rememberPendingAdd, toCartItem } from '@/client/lib/cart-actions'
import { useSession } from '@/client/lib/session'
import { ProductImage } from './product-image'

/**
 * How many cards a phone's first screen shows (one column, under the header): they are hydrated
 * with the page; the ones after them later, one per task (HydrateLater, docs/decisions/0028).
 */
export const FIRST_SCREEN_CARDS = 4

const perUnit = (unitType: string) => (unitType === 'kg' ? '/ kg' : '/ unité')

/** A product card: price, quantity stepper (0.5 for kg, 1 for units), add to cart. */
export function ProductCard({
  product,
  showQuantity = true,
  headingLevel = 3,
  eager = false,
}: {
  product: PublicProduct
  showQuantity?: boolean
  /** A card of the first row: its picture loads at once rather than lazily. */
  eager?: boolean
  /** The level of the product's name: one under the heading of the list the card is in. */
  headingLevel?: 2 | 3
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const { user } = useSession()
  const navigate = useNavigate()
  const step = quantityStep(product.unitType)
  const min = minQuantityOf(product)
  const [quantity, setQuantity] = useState(Math.max(1, min))
  const otherCountry = !!user?.country && user.country !== product.countryName
  // Only shoppers buy: staff and drivers see the catalogue without a cart.
  const notShopper = !!user && !isShopper(user.role)
  // Today's stock (docs/rules.md#stock): sold out cannot be added; a low daily quantity is said.
  const soldOut = product.stock.soldOut
  const low = lowStockLeft(product.stock)
  const most = Math.min(1000, product.stock.left ?? 1000)

  const add = () => {
    const refusal = cannotAdd(user, product)
    if (refusal) {
      if (!user) {
        // Added once the sign-in succeeds (lib/pending-cart-add.tsx).
        rememberPendingAdd(toCartItem(product, quantity))
        toast.error(refusal, {
          description: `${product.name} sera ajouté à votre panier dès que vous serez connecté.`,
        })
        navigate(`/client/login?redirect=${encodeURIComponent('/products')}`)
        return
      }
      toast.error(refusal)
      return
    }
    addLine(toCartItem(product, quantity))
    toast.success(`${product.name} a été ajouté au panier`)
  }

  return (
    <Card className="flex overflow-hidden sm:flex-col" data-testid="product-card">
      <ProductImage
        photo={product.photo}
        src={product.imageUrl}
        alt={product.name}
        category={product.category?.name}
        eager={eager}
        className="w-24 shrink-0 sm:aspect-[4/3] sm:w-full"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-3 sm:p-4">
        <div className="flex flex-wrap items-center gap-1.5">
          {product.category && <Badge variant="outline">{product.category.name}</Badge>}
          <Badge variant="secondary">{product.countryName}</Badge>
          {soldOut && (
            <Badge variant="destructive" data-testid="sold-out">
              Épuisé
            </Badge>
          )}
        </div>
        <Heading className="font-semibold text-stone-900">{product.name}</Heading>
        {product.description && <p className="line-clamp-2 text-sm text-stone-600">{product.description}</p>}
        <p className="mt-auto text-lg font-bold text-brand">
          {formatMoney(product.pricePerUnit)}{' '}
          <span className="text-sm font-normal text-stone-600">{perUnit(product.unitType)}</span>
        </p>
        {low !== null && (
          <p className="text-sm font-medium text-amber-900" data-testid="stock-left">
            Plus que {formatQuantity(low, product.unitType)} aujourd’hui
          </p>
        )}
        {soldOut ? (
          <p className="rounded-md bg-red-50 p-2 text-center text-sm font-medium text-red-800">
            Épuisé pour le moment
          </p>
        ) : notShopper ? (
          <p className="rounded-md bg-stone-100 p-2 text-center text-sm text-stone-600">
            Commande réservée aux clients
          </p>
        ) : otherCountry ? (
          <p className="rounded-md bg-stone-100 p-2 text-center text-sm text-stone-600">
            Non disponible dans votre pays
          </p>
        ) : (
          <div className="flex items-center gap-2">
            {showQuantity && (
              <div
                className="flex items-center rounded-md border border-stone-300"
                role="group"
                aria-label={`Quantité de ${product.name}`}
              >
                <button
                  type="button"
                  className="grid h-10 w-9 place-items-center text-stone-700 disabled:opacity-40"
                  aria-label="Diminuer la quantité"
                  disabled={quantity - step < min - 1e-9}
                  onClick={() => setQuantity((q) => Math.max(min, q - step))}
                >
                  <Minus className="h-4 w-4" aria-hidden />
                </button>
                <span className="min-w-16 text-center text-sm tabular-nums" data-testid="card-quantity">
                  {formatQuantity(quantity, product.unitType)}
                </span>
                <button
                  type="button"
                  className="grid h-10 w-9 place-items-center text-stone-700 disabled:opacity-40"
                  aria-label="Augmenter la quantité"
                  disabled={quantity + step > most + 1e-9}
                  onClick={() => setQuantity((q) => Math.min(most, q + step))}
                >
                  <Plus className="h-4 w-4" aria-hidden />
                </button>
              </div>
            )}
            <Button
              className="min-w-0 flex-1 px-3"
              onClick={add}
              aria-label={`Ajouter ${product.name} au panier`}
            >
              <ShoppingCart className="h-4 w-4" aria-hidden />
              Ajouter
            </Button>
          </div>
        )}
      </div>
    </Card>
  )
}

/** A card's skeleton; it does not pulse by itself (ProductGridSkeleton pulses the whole grid). */
function ProductCardSkeleton() {
  return (
    <Card className="flex overflow-hidden sm:block" aria-hidden>
      <Skeleton still className="w-24 shrink-0 rounded-none sm:aspect-[4/3] sm:w-full" />
      <div className="flex-1 space-y-2 p-3 sm:p-4">
        <Skeleton still className="h-4 w-1/3" />
        <Skeleton still className="h-5 w-3/4" />
        <Skeleton still className="h-4 w-full" />
        <Skeleton still className="h-10 w-full" />
      </div>
    </Card>
  )
}

export function ProductGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div
      role="status"
      aria-label="Chargement des produits…"
      className="grid animate-pulse grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      {Array.from({ length: count }, (_, i) => (
        <ProductCardSkeleton key={i} />
      ))}
    </div>
  )
}
