import { LoaderCircle, Search } from 'lucide-react'
import { Suspense, useDeferredValue, useMemo, useState } from 'react'
import { matchesSearch } from '@/shared/search'
import { Button } from '@/client/components/ui/button'
import { cn } from '@/client/components/ui/cn'
import { Input } from '@/client/components/ui/field'
import { EmptyState, ErrorState } from '@/client/components/ui/query-state'
import { useCatalogue, useCatalogueListing } from '@/client/lib/catalogue'
import { catalogueErrorText } from '@/client/lib/error-text'
import { useDebouncedValue } from '@/client/lib/use-debounced-value'
import { CountryChooser } from '../components/country-chooser'
import { DeliveryTermsLine } from '../components/delivery-terms-line'
import { LoadMoreProducts } from '../components/load-more-products'
import { FIRST_SCREEN_CARDS, ProductCard, ProductGridSkeleton } from '../components/product-card'

/**
 * /products: the catalogue's country (docs/rules/catalogue.md#catalogue), a name search that ignores
 * accents, case and ligatures (docs/rules/catalogue.md#search), the category buttons of the country, the
 * cards. The catalogue comes a page at a time (its first page is in the HTML, docs/decisions/0045):
 * the next one as the end of the list nears, or with 'Voir plus de produits'. A search or a
 * category is answered at once from the products loaded, and, while the catalogue is not all
 * loaded, by the server (the search after a pause in typing), whose pages then follow.
 */
export default function ProductsPage() {
  const { country, countryId, products: listing } = useCatalogue()
  const [search, setSearch] = useState('')
  const [categoryId, setCategoryId] = useState<number | null>(null)
  const typed = search.trim()
  const term = useDebouncedValue(typed)
  const filtered = categoryId !== null || typed !== ''

  const loaded = useMemo(() => listing.data?.pages.flatMap((p) => p.products), [listing.data])
  const categories = listing.data?.pages[0]?.categories ?? []
  // The whole catalogue is loaded: a filter needs nothing more than what is in the page.
  const whole = listing.isSuccess && !listing.hasNextPage
  const askServer = filtered && listing.isSuccess && !whole
  const answer = useCatalogueListing({ countryId, categoryId, search: term }, askServer)
  // The server's answer is for what is typed now (not for the text before the last keys).
  const answered = askServer && term === typed && answer.isSuccess

  const shownNow = useMemo(() => {
    if (!filtered) return loaded
    if (answered) return answer.data.pages.flatMap((p) => p.products)
    return loaded?.filter(
      (p) => matchesSearch(p.name, typed) && (categoryId === null || p.categoryId === categoryId),
    )
  }, [filtered, answered, answer.data, loaded, typed, categoryId])
  // The cards are drawn in a transition (React yields to the browser every few milliseconds),
  // not in the query's own update, which React renders in one go (docs/decisions/0012).
  const shown = useDeferredValue(shownNow)
  // Still asking the server: what is loaded is shown meanwhile.
  const searching = askServer && !answered && !answer.isError
  const more = !filtered ? listing : answered ? answer : null

  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-bold text-stone-900">Nos produits</h1>
        <p className="mt-1 text-sm text-stone-600">
          Viandes fraîches au kilo ou à la pièce, prix en francs CFA.
        </p>
        <DeliveryTermsLine countryId={countryId} />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="relative w-full max-w-md">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-stone-400"
            aria-hidden
          />
          <Input
            type="search"
            aria-label="Rechercher un produit"
            placeholder="Rechercher un produit…"
            className="pl-9"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <CountryChooser country={country} />
      </div>
      <div className="flex gap-2 overflow-x-auto pb-1" role="group" aria-label="Catégories">
        {[null, ...categories].map((c) => (
          <button
            key={c?.id ?? 'all'}
            type="button"
            aria-pressed={categoryId === (c?.id ?? null)}
            onClick={() => setCategoryId(c?.id ?? null)}
            className={cn(
              'shrink-0 rounded-full border px-3.5 py-1.5 text-sm font-medium',
              categoryId === (c?.id ?? null)
                ? 'border-brand bg-brand text-white'
                : 'border-stone-300 bg-white text-stone-700 hover:bg-stone-50',
            )}
          >
            {c?.name ?? 'Tous'}
          </button>
        ))}
      </div>
      {listing.isPending ? (
        <ProductGridSkeleton count={8} />
      ) : listing.isError && !loaded ? (
        <ErrorState message={catalogueErrorText(listing.error)} onRetry={() => void listing.refetch()} />
      ) : askServer && answer.isError && !shownNow?.length ? (
        <ErrorState message={catalogueErrorText(answer.error)} onRetry={() => void answer.refetch()} />
      ) : !shown || (shown.length === 0 && searching) ? (
        <ProductGridSkeleton count={4} />
      ) : shown.length === 0 ? (
        // The storefront's one empty text, for a search or a category as for an empty catalogue.
        <EmptyState message="Aucun produit trouvé" />
      ) : (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {shown.map((p, i) =>
              i < FIRST_SCREEN_CARDS ? (
                <ProductCard key={p.id} product={p} headingLevel={2} eager={i < 4} />
              ) : (
                <Suspense key={p.id}>
                  <ProductCard product={p} headingLevel={2} eager={false} />
                </Suspense>
              ),
            )}
          </div>
          {askServer && answer.isError && (
            // The server could not be asked (offline, say): what is loaded is what was found.
            <div role="alert" className="flex flex-col items-center gap-2 text-center text-sm text-red-800">
              <p>Une erreur est survenue lors du chargement des produits.</p>
              <Button variant="outline" size="sm" onClick={() => void answer.refetch()}>
                Réessayer
              </Button>
            </div>
          )}
          {searching && (
            <p role="status" className="flex items-center justify-center gap-2 text-sm text-stone-600">
              <LoaderCircle aria-hidden className="h-4 w-4 animate-spin" /> Recherche dans tout le catalogue…
            </p>
          )}
          {more && <LoadMoreProducts listing={more} />}
        </>
      )}
    </div>
  )
}
