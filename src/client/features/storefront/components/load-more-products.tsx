import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query'
import { LoaderCircle } from 'lucide-react'
import { useEffect, useRef } from 'react'
import type { ProductsPage } from '@/shared/schemas/storefront'
import { Button } from '@/client/components/ui/button'

/** How far below the screen the next page is asked for: a phone's screen or two ahead. */
const AHEAD = '800px 0px'

/**
 * The end of a listing of the catalogue (docs/rules/catalogue.md#catalogue): the next page is read when
 * this nears the screen (IntersectionObserver), and 'Voir plus de produits' reads it too, for a
 * browser without the observer, a keyboard, or after a failure (which the observer does not
 * retry by itself). Nothing once the last page is in.
 */
export function LoadMoreProducts({
  listing,
}: {
  listing: UseInfiniteQueryResult<InfiniteData<ProductsPage>>
}) {
  const end = useRef<HTMLDivElement>(null)
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = listing
  const waiting = !hasNextPage || isFetchingNextPage || isFetchNextPageError

  useEffect(() => {
    const el = end.current
    if (!el || waiting || typeof IntersectionObserver === 'undefined') return
    // Observed anew after each page: still in view, the next page follows.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect()
          void fetchNextPage({ cancelRefetch: false })
        }
      },
      { rootMargin: AHEAD },
    )
    observer.observe(el)
    return () => observer.disconnect()
  }, [waiting, fetchNextPage])

  if (!hasNextPage) return null
  return (
    <div ref={end} className="flex flex-col items-center gap-2">
      {isFetchNextPageError && (
        <p role="alert" className="text-sm text-red-800">
          Une erreur est survenue lors du chargement des produits.
        </p>
      )}
      {/* Not disabled while loading: a keyboard's focus stays on it for the next page. */}
      <Button
        variant="outline"
        aria-busy={isFetchingNextPage}
        onClick={() => void fetchNextPage({ cancelRefetch: false })}
      >
        {isFetchingNextPage && <LoaderCircle aria-hidden className="h-4 w-4 animate-spin" />}
        {isFetchingNextPage
          ? 'Chargement des produits…'
          : isFetchNextPageError
            ? 'Réessayer'
            : 'Voir plus de produits'}
      </Button>
    </div>
  )
}
