import { useInfiniteQuery } from '@tanstack/react-query'
import { useContext, useEffect, useSyncExternalStore } from 'react'
import { isShopper } from '@/shared/domain/roles'
import {
  CATALOGUE_COOKIE,
  CATALOGUE_COOKIE_MAX_AGE,
  parseCountryId,
  type FirstPageCatalogue,
} from '@/shared/first-page'
import { MAX_PRODUCT_IDS } from '@/shared/catalogue-pages'
import type { ProductsPage } from '@/shared/schemas/storefront'
import { api } from './api'
import { queryKeyFor } from './queries'
import { FirstPageContext } from './first-page-context'
import { useSession } from './session'

/** Which part of the catalogue a listing shows: a country (null: every one), a category, a search. */
export type CatalogueFilter = { countryId: number | null; categoryId?: number | null; search?: string }

/**
 * One listing of the catalogue, read a page at a time (docs/rules/catalogue.md#catalogue): its own entry
 * in the query cache, the call's with the listing's input (its pages follow one another from
 * there), so that an order marks every read of the call stale at once (`callKey('/_api/products')`).
 */
export const productsKey = ({ countryId, categoryId = null, search = '' }: CatalogueFilter) =>
  queryKeyFor('/_api/products', { countryId, categoryId, search: search || undefined })

/** The catalogue's products of these ids (a cart's, an order's): those still on sale only. */
export const productsByIdsKey = (countryId: number | null, ids: readonly number[]) =>
  queryKeyFor('/_api/products', { countryId, ids: ids.slice(0, MAX_PRODUCT_IDS).join(',') })

/** A page of a listing, from `cursor` (the previous page's `nextCursor`; null: the first). */
const fetchPage = (
  { countryId, categoryId = null, search = '' }: CatalogueFilter,
  cursor: string | null,
  signal?: AbortSignal,
) =>
  api.get(
    '/_api/products',
    { countryId, categoryId, search: search || undefined, cursor: cursor ?? undefined },
    { signal },
  )

/**
 * The products of these ids still on sale (in this country: null, every one), at most
 * MAX_PRODUCT_IDS: what a cart or a past order needs of the catalogue, without reading it whole.
 */
export const fetchProductsByIds = async (countryId: number | null, ids: readonly number[]) =>
  ids.length === 0
    ? []
    : (await api.get('/_api/products', { countryId, ids: ids.slice(0, MAX_PRODUCT_IDS).join(',') })).products

/**
 * A listing of the catalogue, a page at a time, once `enabled`: `fetchNextPage` reads the page
 * after the last one loaded; `hasNextPage` is false once the last page is in.
 */
export function useCatalogueListing(filter: CatalogueFilter, enabled = true) {
  return useInfiniteQuery({
    queryKey: productsKey(filter),
    queryFn: ({ pageParam, signal }) => fetchPage(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ProductsPage) => last.nextCursor,
    enabled,
  })
}

/**
 * The country a visitor chose for the catalogue, kept on the device (docs/rules/catalogue.md#catalogue):
 * in a first-party cookie, which the server reads to render that country's products into the
 * page (docs/decisions/0020).
 */
const listeners = new Set<() => void>()
/** The choice when the device keeps no cookies: it holds for this page. */
let fallback: number | null = null

function readCookie(): number | null | undefined {
  const found = document.cookie.split('; ').find((c) => c.startsWith(`${CATALOGUE_COOKIE}=`))
  return found === undefined ? undefined : parseCountryId(found.slice(CATALOGUE_COOKIE.length + 1))
}

function writeCookie(countryId: number | null) {
  const secure = location.protocol === 'https:' ? '; Secure' : ''
  document.cookie =
    countryId === null
      ? `${CATALOGUE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
      : `${CATALOGUE_COOKIE}=${countryId}; Path=/; Max-Age=${CATALOGUE_COOKIE_MAX_AGE}; SameSite=Lax${secure}`
}

/**
 * The choice as read during this task: the store's snapshot is asked for at every render of
 * every reader, and `document.cookie` is a synchronous call out of the page (tens of
 * milliseconds in all on a slow phone's first render, docs/decisions/0028). Read again in the
 * next task, or at once after a choice.
 */
let readThisTask: { choice: number | null } | null = null
function readChoice(): number | null {
  if (readThisTask) return readThisTask.choice
  const cookie = readCookie()
  readThisTask = { choice: cookie === undefined ? fallback : cookie }
  setTimeout(() => (readThisTask = null), 0)
  return readThisTask.choice
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * The country chosen on this device, read now (null: none): a sign-in or a reset sends it with a
 * number as dialled, to read it there and to tell apart two accounts of the same local digits
 * (docs/rules/people.md#accounts). A client's own country becomes this choice on its first visit.
 */
export const deviceCountryId = (): number | null => readChoice()

/** Keeps the device's choice (null: every country) and tells every page that shows it. */
export function chooseCatalogueCountry(countryId: number | null) {
  writeCookie(countryId)
  fallback = countryId
  readThisTask = null
  for (const l of listeners) l()
}

/** The device's choice; while hydrating, the one the page was rendered with. */
function useCatalogueChoice(firstPage: FirstPageCatalogue | null): number | null {
  return useSyncExternalStore(subscribe, readChoice, () => firstPage?.countryId ?? null)
}

export type CatalogueCountry =
  /** Not known yet: the session is loading and the device holds no choice. */
  | { status: 'pending' }
  /** A signed-in client's own country: the only one it may buy in. */
  | { status: 'account'; countryId: number; countryName: string | null }
  /** The visitor's choice on this device, or every country (null). */
  | { status: 'device'; countryId: number | null }

/**
 * Whose catalogue the storefront shows (docs/rules/catalogue.md#catalogue): a signed-in client sees its
 * own country's; anyone else (a visitor, staff) the country chosen on this device, or every
 * country before choosing. While the session loads, the device's choice is used at once (it is
 * the client's own after its first visit: see below); with none, nothing is read yet.
 */
export function useCatalogueCountry(): CatalogueCountry {
  const session = useSession()
  const firstPage = useContext(FirstPageContext)
  const choice = useCatalogueChoice(firstPage)
  const user = session.user
  const own = user && isShopper(user.role) && user.countryId ? user.countryId : null
  // The client's country becomes the device's choice, so the next visit reads the right
  // catalogue before its session has loaded, and after signing out.
  useEffect(() => {
    if (own !== null && choice !== own) chooseCatalogueCountry(own)
  }, [own, choice])
  if (own !== null) return { status: 'account', countryId: own, countryName: user?.country ?? null }
  if (session.status === 'loading') {
    // The server rendered this page knowing the session: its country, until the session is in.
    if (firstPage?.account && firstPage.countryId !== null)
      return { status: 'account', countryId: firstPage.countryId, countryName: firstPage.account.countryName }
    if (firstPage === null && choice === null) return { status: 'pending' }
  }
  return { status: 'device', countryId: choice }
}

/** The first listing of the country `useCatalogueCountry` gives: its whole catalogue, a page at a time. */
export function useCatalogue() {
  const country = useCatalogueCountry()
  const countryId = country.status === 'pending' ? null : country.countryId
  return { country, countryId, products: useCatalogueListing({ countryId }, country.status !== 'pending') }
}
