import { useQuery } from '@tanstack/react-query'
import { useEffect, useSyncExternalStore } from 'react'
import { isShopper } from '@/shared/domain/roles'
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

/** The country a visitor chose for the catalogue, kept on the device (docs/rules.md#catalogue). */
const CATALOGUE_COUNTRY_KEY = 'etal.catalogue-country'

const listeners = new Set<() => void>()
let fallback: number | null = null

function readChoice(): number | null {
  let raw: string | null
  try {
    raw = localStorage.getItem(CATALOGUE_COUNTRY_KEY)
  } catch {
    return fallback
  }
  const id = Number(raw)
  return raw && Number.isInteger(id) && id > 0 ? id : null
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  const onStorage = (e: StorageEvent) => {
    if (e.key === CATALOGUE_COUNTRY_KEY || e.key === null) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** Keeps the device's choice (null: every country) and tells every page that shows it. */
export function chooseCatalogueCountry(countryId: number | null) {
  try {
    if (countryId === null) localStorage.removeItem(CATALOGUE_COUNTRY_KEY)
    else localStorage.setItem(CATALOGUE_COUNTRY_KEY, String(countryId))
  } catch {
    // Storage disabled: the choice holds for this page.
    fallback = countryId
  }
  for (const l of listeners) l()
}

/** The device's choice; null while the page is pre-rendered or hydrated, as the shell has none. */
function useCatalogueChoice(): number | null {
  return useSyncExternalStore(subscribe, readChoice, () => null)
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
  if (session.status === 'loading' && choice === null) return { status: 'pending' }
  return { status: 'device', countryId: choice }
}

/** The catalogue of the country `useCatalogueCountry` gives. */
export function useCatalogue() {
  const country = useCatalogueCountry()
  const countryId = country.status === 'pending' ? null : country.countryId
  return { country, products: useProducts(countryId, country.status !== 'pending') }
}
