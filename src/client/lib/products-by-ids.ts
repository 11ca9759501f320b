import {
  keepPreviousData,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query'
import { MAX_PRODUCT_IDS } from '@/shared/catalogue-pages'
import type { ProductsPage, PublicProduct } from '@/shared/schemas/storefront'
import { fetchProductsByIds, productsByIdsKey, type productsKey } from './catalogue'
import { callKey } from './queries'

/**
 * The products of these ids as the listings in the cache hold them, when they hold every one:
 * a listing of this country (of any country when `countryId` is null), not marked stale by an
 * order, and as old as its oldest listing. The cart opened from /products, a product opened from
 * its card, show what was just read instead of reading it again
 * (docs/rules/phones-offline.md#phone-first-load); once stale, they are read as usual.
 */
function fromListings(qc: QueryClient, countryId: number | null, ids: readonly number[]) {
  const found = new Map<number, PublicProduct>()
  let updatedAt = Infinity
  for (const query of qc.getQueryCache().findAll({ queryKey: callKey('/_api/products') })) {
    const [, input] = query.queryKey as ReturnType<typeof productsKey>
    const data = query.state.data as InfiniteData<ProductsPage> | undefined
    if (!data?.pages || query.state.isInvalidated || (countryId !== null && input.countryId !== countryId))
      continue
    let used = false
    for (const page of data.pages)
      for (const product of page.products)
        if (ids.includes(product.id) && !found.has(product.id)) {
          found.set(product.id, product)
          used = true
        }
    if (used) updatedAt = Math.min(updatedAt, query.state.dataUpdatedAt)
  }
  if (ids.length === 0 || found.size < ids.length) return undefined
  return { products: ids.map((id) => found.get(id)!), updatedAt }
}

/** The products of these ids still on sale, with today's stock (the cart's badges). */
export function useProductsByIds(countryId: number | null, ids: readonly number[], enabled = true) {
  const qc = useQueryClient()
  const sorted = [...new Set(ids)].sort((a, b) => a - b).slice(0, MAX_PRODUCT_IDS)
  return useQuery({
    queryKey: productsByIdsKey(countryId, sorted),
    queryFn: () => fetchProductsByIds(countryId, sorted),
    enabled: enabled && sorted.length > 0,
    initialData: () => fromListings(qc, countryId, sorted)?.products,
    initialDataUpdatedAt: () => fromListings(qc, countryId, sorted)?.updatedAt,
    // A line removed keeps the others' stock on screen while the smaller read is made.
    placeholderData: keepPreviousData,
  })
}
