import { useQuery } from '@tanstack/react-query'
import { useEffect, useSyncExternalStore } from 'react'
import { isShopper } from '@/shared/domain/roles'
import {
  CATALOGUE_COOKIE,
  CATALOGUE_COOKIE_MAX_AGE,
  parseCountryId,
  type FirstPageCatalogue,
} from '@/shared/first-page'
import { api } from './api'
import { useSession } from './session'

/** One country's catalogue, or every country's (null): its own entry in the query cache. */
export const productsKey = (countryId: number | null) => ['products', 'list', countryId ?? 'all'] as const

export const fetchProducts = async (countryId: number | null) =>
  (await api.get('/_api/products', { countryId })).products

/** The public catalogue of one country, or of every country (null), once `enabled`. */
function useProducts(countryId: number | null, enabled = true) {
  return useQuery({ queryKey: productsKey(countryId), queryFn: () => fetchProducts(countryId), enabled })
}

/**
 * The country a visitor chose for the catalogue, kept on the device (docs/rules.md#catalogue):
 * in a first-party cookie, which the server reads to render that country's products into the
 * page (docs/decisions/0020), and in step in `localStorage`, where it was kept before.
 */
const LEGACY_KEY = 'etal.catalogue-country'

const listeners = new Set<() => void>()
/** The choice when the device keeps neither cookies nor storage: it holds for this page. */
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

function writeLegacy(countryId: number | null) {
  try {
    if (countryId === null) localStorage.removeItem(LEGACY_KEY)
    else localStorage.setItem(LEGACY_KEY, String(countryId))
  } catch {
    // Storage disabled: the cookie holds the choice.
  }
}

/** Once per page: a choice kept only in storage (before the cookie) moves to the cookie, and back. */
if (typeof document !== 'undefined') {
  let legacy: number | null = null
  try {
    legacy = parseCountryId(localStorage.getItem(LEGACY_KEY))
  } catch {
    // Storage disabled.
  }
  const cookie = readCookie()
  if (cookie === undefined && legacy !== null) writeCookie(legacy)
  else if (cookie !== undefined && cookie !== legacy) writeLegacy(cookie)
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
  const onStorage = (e: StorageEvent) => {
    if (e.key === LEGACY_KEY || e.key === null) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** Keeps the device's choice (null: every country) and tells every page that shows it. */
export function chooseCatalogueCountry(countryId: number | null) {
  writeCookie(countryId)
  writeLegacy(countryId)
  fallback = countryId
  readThisTask = null
  for (const l of listeners) l()
}

/**
 * Whose catalogue the server rendered into this page (set before hydration by main.tsx, and by
 * the server's render): the page is drawn with it until the session has loaded, so that the
 * browser's first render matches the server's. Null on a page rendered without one.
 */
let firstPage: FirstPageCatalogue | null = null
export function setFirstPageCatalogue(catalogue: FirstPageCatalogue | null) {
  firstPage = catalogue
}

/** The device's choice; while hydrating, the one the page was rendered with. */
function useCatalogueChoice(): number | null {
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
 * Whose catalogue the storefront shows (docs/rules.md#catalogue): a signed-in client sees its
 * own country's; anyone else (a visitor, staff) the country chosen on this device, or every
 * country before choosing. While the session loads, the device's choice is used at once (it is
 * the client's own after its first visit: see below); with none, nothing is read yet.
 */
export function useCatalogueCountry(): CatalogueCountry {
  const session = useSession()
  const choice = useCatalogueChoice()
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

/** The catalogue of the country `useCatalogueCountry` gives. */
export function useCatalogue() {
  const country = useCatalogueCountry()
  const countryId = country.status === 'pending' ? null : country.countryId
  return { country, products: useProducts(countryId, country.status !== 'pending') }
}
