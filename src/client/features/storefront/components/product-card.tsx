import { Link } from 'react-router'
import { lowStockLeft } from '@/shared/domain/stock'
import { formatQuantity } from '@/shared/format'
import { productPath } from '@/shared/product-links'
import type { PublicProduct } from '@/shared/schemas/storefront'
import { Badge } from '@/client/components/ui/badge'
import { Card } from '@/client/components/ui/card'
import { Skeleton } from '@/client/components/ui/skeleton'
import { AddToCart } from './add-to-cart'
import { LinePrice, useLineChoice } from './line-price'
import { ProductImage } from './product-image'
import { Provenance } from './provenance'

/**
 * How many cards a phone's first screen shows (one column, under the header): they are hydrated
 * with the page; each one after them is a Suspense boundary of its own, which React hydrates
 * later, or first when it is tapped (docs/decisions/0032).
 */
export const FIRST_SCREEN_CARDS = 4

const perUnit = (unitType: string) => (unitType === 'kg' ? '/ kg' : '/ unité')

/** A product card: price, quantity stepper (0.5 for kg, 1 for units), add to cart. */
export function ProductCard({
  product,
  showQuantity = true,
  headingLevel = 3,
  eager = false,
  returnTo = '/products',
}: {
  product: PublicProduct
  showQuantity?: boolean
  /** The page the card is on: where "Ajouter" comes back to when posted before the script runs. */
  returnTo?: string
  /** A card of the first row: its picture loads at once rather than lazily. */
  eager?: boolean
  /** The level of the product's name: one under the heading of the list the card is in. */
  headingLevel?: 2 | 3
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  // Today's stock (docs/rules/catalogue.md#stock): sold out cannot be added; a low daily quantity is said.
  const soldOut = product.stock.soldOut
  const low = lowStockLeft(product.stock)
  const choice = useLineChoice(product)

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
        <Heading className="font-semibold text-stone-900">
          {/* The product's own page (docs/rules/catalogue.md#product-page). */}
          <Link
            to={productPath(product)}
            className="hover:text-brand hover:underline"
            data-testid="product-link"
          >
            {product.name}
          </Link>
        </Heading>
        <Provenance product={product} short />
        {product.description && <p className="line-clamp-2 text-sm text-stone-600">{product.description}</p>}
        <LinePrice product={product} choice={choice} size="card" unitLabel={perUnit(product.unitType)} />
        {low !== null && (
          <p className="text-sm font-medium text-amber-900" data-testid="stock-left">
            Plus que {formatQuantity(low, product.unitType)} aujourd’hui
          </p>
        )}
        <AddToCart product={product} showQuantity={showQuantity} choice={choice} returnTo={returnTo} />
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
