/**
 * What the service worker (src/client/sw.ts) keeps, named once for it and for the page
 * (docs/rules/phones-offline.md#offline).
 */
export const PAGES_CACHE = 'etal-pages'
/** The signed-in account's session answer alone, so that its pages (the cart) open offline. */
export const ACCOUNT_CACHE = 'etal-account'
export const CATALOGUE_CACHE = 'etal-catalogue'
export const IMAGES_CACHE = 'etal-images'
export const ASSETS_CACHE = 'etal-assets'

/** The app without a pre-rendered page: what a page of OFFLINE_PAGES the device has no copy of opens, offline. */
export const APP_SHELL = '/index.html'

/**
 * The pages that work without a connection: browsing and the cart. Their code is in the app
 * shell the worker precaches (scripts/pwa-shell.ts), so the app itself opens them offline even
 * when the device has no copy of the page. Signing in, registering and the contact form need the
 * network to do anything: their code is not fetched ahead, and offline, never visited, they get
 * the offline page (never the app, which could not load them).
 */
export const OFFLINE_PAGES = ['/', '/products', '/cart'] as const

/** The page shown for a page the device has no copy of, offline (src/client/public/offline.html). */
export const OFFLINE_PAGE = '/offline.html'

/** The public answers of the catalogue, the only answers of the API kept offline. */
export const CATALOGUE_PATHS = [
  '/_api/products',
  '/_api/featured',
  '/_api/countries',
  '/_api/product-categories',
] as const

/** The one answer of an account the worker keeps, in ACCOUNT_CACHE, until sign-out or a 401. */
export const SESSION_PATH = '/_api/auth/session'

/** Marks the page's own URL when the page hands it to the worker to keep (a fetch is no navigation). */
export const WARM_HEADER = 'x-etal-warm'

/**
 * At sign-out, what the worker kept of the account goes: its session answer, and the pages (one
 * rendered for a signed-in client may carry its name). The next person on this device sees
 * neither, offline or not.
 */
export function forgetAccount(): Promise<unknown> {
  if (typeof caches === 'undefined') return Promise.resolve()
  return Promise.all([caches.delete(ACCOUNT_CACHE), caches.delete(PAGES_CACHE)]).catch(() => undefined)
}
