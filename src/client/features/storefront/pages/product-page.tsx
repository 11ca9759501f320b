import { ArrowLeft, Share2 } from 'lucide-react'
import { useContext, useEffect, useState, useSyncExternalStore } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { lowStockLeft } from '@/shared/domain/stock'
import { formatQuantity } from '@/shared/format'
import { documentTitle } from '@/shared/pages'
import {
  parseProductSegment,
  productPath,
  productSlug,
  shareText,
  whatsappShareUrl,
} from '@/shared/product-links'
import type { PublicProduct } from '@/shared/schemas/storefront'
import { Badge } from '@/client/components/ui/badge'
import { Button } from '@/client/components/ui/button'
import { QueryState } from '@/client/components/ui/query-state'
import { Skeleton } from '@/client/components/ui/skeleton'
import { useProductsByIds } from '@/client/lib/products-by-ids'
import { catalogueErrorText } from '@/client/lib/error-text'
import { FirstPageContext } from '@/client/lib/first-page-context'
import { usePageParams } from '@/client/lib/page-url'
import { useCountries } from '@/client/lib/reference-data'
import { minQuantityOf } from '@/client/lib/cart-actions'
import { AddToCart } from '../components/add-to-cart'
import { LinePrice, useLineChoice } from '../components/line-price'
import { ProductImage } from '../components/product-image'
import { Provenance } from '../components/provenance'

/** The page's picture: the whole width of a phone, half the page from 768 px on. */
const PAGE_IMAGE_SIZES = '(min-width: 1024px) 512px, (min-width: 768px) 50vw, 100vw'

const noSubscribe = () => () => undefined

/**
 * The shop's public origin the share link names: the one the server rendered the page with (its
 * PUBLIC_ORIGIN, in the page's data), else the browser's own (a page reached from a card).
 */
function usePublicOrigin(): string {
  const fromServer = useContext(FirstPageContext)?.origin
  return useSyncExternalStore(
    noSubscribe,
    () => fromServer ?? window.location.origin,
    () => fromServer ?? '',
  )
}

/** The browser's share sheet, once the code runs and where it exists (never in the first HTML). */
function useCanShare() {
  const [can, setCan] = useState(false)
  useEffect(() => setCan(typeof navigator.share === 'function'), [])
  return can
}

/**
 * /produits/<id>-<slug> (docs/rules/catalogue.md#product-page): a product's own page, rendered by
 * the server with its product (src/server/web/first-pages.ts), its Open Graph tags and JSON-LD in
 * the head (src/server/web/product-head.ts). A product no longer on sale is the Not Found page.
 */
export default function ProductPage() {
  const params = usePageParams()
  const parsed = parseProductSegment(params?.product ?? '')
  const query = useProductsByIds(null, parsed ? [parsed.id] : [], parsed !== null)
  // The build's shell (served when the server could not render the page): the page as it loads.
  if (!params) return <ProductPageSkeleton />
  if (!parsed) return <ProductNotFound />
  return (
    <QueryState
      query={query}
      loading={<ProductPageSkeleton />}
      errorTitle="Produit indisponible"
      errorTitleAs="h1"
      errorMessage={catalogueErrorText}
    >
      {(products) => {
        const product = products.find((p) => p.id === parsed.id)
        return product ? <ProductDetails product={product} slug={parsed.slug} /> : <ProductNotFound />
      }}
    </QueryState>
  )
}

function ProductDetails({ product, slug }: { product: PublicProduct; slug: string }) {
  const navigate = useNavigate()
  const { search } = useLocation()
  const path = productPath(product)
  const countries = useCountries()
  const country = countries.data?.find((c) => c.id === product.countryId)
  const origin = usePublicOrigin()
  const canShare = useCanShare()
  const url = `${origin}${path}`
  const text = shareText(product, url)
  const soldOut = product.stock.soldOut
  const low = lowStockLeft(product.stock)
  const choice = useLineChoice(product)

  // An old name's address (a link shared before a rename): the current one, as the server does.
  useEffect(() => {
    if (slug !== productSlug(product.name)) void navigate(`${path}${search}`, { replace: true })
  }, [slug, product.name, path, search, navigate])
  // The tab's title is the product's (the route's, set after this by router.tsx's RoutedPage, is the page table's).
  useEffect(() => {
    const t = setTimeout(() => (document.title = documentTitle(product.name)), 0)
    return () => clearTimeout(t)
  }, [product.name])

  return (
    <article className="mx-auto max-w-5xl space-y-4" data-testid="product-page">
      <Link to="/products" className="inline-flex items-center gap-1 text-sm text-stone-700 hover:text-brand">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Tous les produits
      </Link>
      <div className="grid gap-6 md:grid-cols-2">
        <ProductImage
          photo={product.photo}
          src={product.imageUrl}
          alt={product.name}
          category={product.category?.name}
          sizes={PAGE_IMAGE_SIZES}
          eager
          className="aspect-[4/3] w-full rounded-lg"
        />
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center gap-1.5">
            {product.category && <Badge variant="outline">{product.category.name}</Badge>}
            <Badge variant="secondary">{product.countryName}</Badge>
            {product.halal && <Badge variant="success">Halal</Badge>}
            {soldOut && (
              <Badge variant="destructive" data-testid="sold-out">
                Épuisé
              </Badge>
            )}
          </div>
          <h1 className="text-2xl font-bold text-stone-900">{product.name}</h1>
          {/* The line's price: the chosen preparation's added (docs/rules/catalogue.md#product-page). */}
          <LinePrice product={product} choice={choice} total={!soldOut} />
          <p className="text-sm text-stone-700">
            {`Quantité minimale : ${formatQuantity(minQuantityOf(product), product.unitType)}`}
          </p>
          {low !== null && (
            <p className="text-sm font-medium text-amber-900" data-testid="stock-left">
              {`Plus que ${formatQuantity(low, product.unitType)} aujourd’hui`}
            </p>
          )}
          <Provenance product={product} halalShown />
          {product.description && (
            <p className="text-stone-700 whitespace-pre-line" data-testid="product-description">
              {product.description}
            </p>
          )}
          <AddToCart product={product} returnTo={path} choice={choice} />
          <div className="flex flex-wrap gap-2 pt-2">
            <Button asChild variant="outline">
              <a
                href={whatsappShareUrl(text)}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="share-whatsapp"
              >
                Partager sur WhatsApp
              </a>
            </Button>
            {canShare && (
              <Button
                variant="outline"
                onClick={() =>
                  void navigator.share({ title: product.name, text, url }).catch(() => undefined)
                }
              >
                <Share2 className="h-4 w-4" aria-hidden />
                Partager
              </Button>
            )}
          </div>
          {country?.halalStatement && (
            <p
              className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-900"
              data-testid="halal-statement"
            >
              {country.halalStatement}
            </p>
          )}
        </div>
      </div>
    </article>
  )
}

function ProductNotFound() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      <p className="text-6xl font-bold text-brand">404</p>
      <h1 className="text-2xl font-semibold">Produit introuvable</h1>
      <p className="text-stone-600">Ce produit n’existe pas ou n’est plus en vente.</p>
      <Button asChild>
        <Link to="/products">Voir les produits</Link>
      </Button>
    </div>
  )
}

function ProductPageSkeleton() {
  return (
    <div
      role="status"
      aria-label="Chargement du produit…"
      className="mx-auto grid max-w-5xl animate-pulse gap-6 md:grid-cols-2"
    >
      <Skeleton still className="aspect-[4/3] w-full" />
      <div className="space-y-3">
        <Skeleton still className="h-6 w-1/3" />
        <Skeleton still className="h-8 w-3/4" />
        <Skeleton still className="h-8 w-1/2" />
        <Skeleton still className="h-10 w-full" />
      </div>
    </div>
  )
}
