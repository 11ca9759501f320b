import { Search } from 'lucide-react'
import { useDeferredValue, useMemo, useState } from 'react'
import { foldForSearch, matchesSearch } from '@/shared/search'
import { Button } from '@/client/components/ui/button'
import { cn } from '@/client/components/ui/cn'
import { Input } from '@/client/components/ui/field'
import { EmptyState, ErrorState } from '@/client/components/ui/query-state'
import { useCatalogue } from '@/client/lib/catalogue'
import { CountryChooser } from '../components/country-chooser'
import { FIRST_SCREEN_CARDS, ProductCard, ProductGridSkeleton } from '../components/product-card'
import { HydrateLater } from '@/client/lib/hydrate-later'

/** A session error becomes the sign-in message. */
function productsError(message: string) {
  if (message.includes('connecté') || message.includes('Accès non autorisé'))
    return 'Vous devez être connecté pour voir les produits.'
  return 'Une erreur est survenue lors du chargement des produits.'
}

/** Cards drawn at first, and added by each 'Afficher plus': a phone need not lay out the whole catalogue. */
const PRODUCTS_PER_STEP = 24

/**
 * /products: the catalogue's country (docs/rules.md#catalogue), a name search that ignores
 * accents, case and ligatures (docs/rules.md#search), category buttons derived from the loaded
 * products, the cards.
 */
export default function ProductsPage() {
  const { country, products } = useCatalogue()
  // The cards are drawn in a transition (React yields to the browser every few milliseconds),
  // not in the query's own update, which React renders in one go (docs/decisions/0012).
  const data = useDeferredValue(products.data)
  const [search, setSearch] = useState('')
  const [category, setCategory] = useState<string | null>(null)
  // Counted per filter: a new search or category starts again from the first cards.
  const [more, setMore] = useState({ key: '', count: PRODUCTS_PER_STEP })
  const filterKey = `${search}\u0000${category ?? ''}`
  const limit = more.key === filterKey ? more.count : PRODUCTS_PER_STEP
  const categories = useMemo(
    () =>
      // Compared folded (accents, case, ligatures) rather than with a French collator: the
      // browser's first collator costs tens of milliseconds on a phone's first render
      // (docs/decisions/0028), and category names sort the same.
      [...new Set((data ?? []).flatMap((p) => (p.category ? [p.category.name] : [])))]
        .map((name) => [foldForSearch(name), name] as const)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([, name]) => name),
    [data],
  )
  const shown = useMemo(() => {
    return (data ?? []).filter(
      (p) => matchesSearch(p.name, search) && (!category || p.category?.name === category),
    )
  }, [data, search, category])

  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-bold text-stone-900">Nos produits</h1>
        <p className="mt-1 text-sm text-stone-600">
          Viandes fraîches au kilo ou à la pièce, prix en francs CFA.
        </p>
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
            key={c ?? 'all'}
            type="button"
            aria-pressed={category === c}
            onClick={() => setCategory(c)}
            className={cn(
              'shrink-0 rounded-full border px-3.5 py-1.5 text-sm font-medium',
              category === c
                ? 'border-brand bg-brand text-white'
                : 'border-stone-300 bg-white text-stone-700 hover:bg-stone-50',
            )}
          >
            {c ?? 'Tous'}
          </button>
        ))}
      </div>
      {products.isPending ? (
        <ProductGridSkeleton count={8} />
      ) : products.isError ? (
        <ErrorState message={productsError(products.error.message)} onRetry={() => void products.refetch()} />
      ) : !data ? (
        <ProductGridSkeleton count={8} />
      ) : shown.length === 0 ? (
        <EmptyState message="Aucun produit trouvé" />
      ) : (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {shown.slice(0, limit).map((p, i) =>
              i < FIRST_SCREEN_CARDS ? (
                <ProductCard key={p.id} product={p} headingLevel={2} eager={i < 4} />
              ) : (
                <HydrateLater key={p.id}>
                  <ProductCard product={p} headingLevel={2} eager={false} />
                </HydrateLater>
              ),
            )}
          </div>
          {shown.length > limit && (
            <div className="flex justify-center">
              <Button
                variant="outline"
                onClick={() => setMore({ key: filterKey, count: limit + PRODUCTS_PER_STEP })}
              >
                Afficher plus de produits ({shown.length - limit} restants)
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  )
}
