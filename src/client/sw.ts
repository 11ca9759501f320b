/// <reference lib="webworker" />
/**
 * The service worker: the shop opened without a connection (docs/rules/phones-offline.md#offline,
 * docs/decisions/0021). Built by vite-plugin-pwa (vite.config.ts) into /sw.js, with the list of
 * the app shell's files in place of `self.__WB_MANIFEST`.
 *
 * - The app shell (the first load's code and style, the storefront pages' chunks, the offline
 *   page) is precached; any other built chunk is kept once used. Their names change with their
 *   content, so a kept copy is never stale.
 * - A page is asked of the network first, then its last copy; without one, a page that works
 *   offline (OFFLINE_PAGES) opens the app itself (index.html), any other the offline page. Only
 *   the public pages' copies are kept (src/shared/public-pages.ts: the storefront's, and each
 *   product's own page once visited), and the browser drops them at sign-out
 *   (forgetAccount, src/client/lib/offline-caches.ts).
 * - The catalogue's public answers are asked of the network first, with a short wait before the
 *   last copy is used; the photos (/images/…, whose URLs change with the image) are taken from
 *   the cache first. No other answer of the API is kept: nothing of an account is stored here.
 */
import { clientsClaim } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, PrecacheController, PrecacheRoute } from 'workbox-precaching'
import { Route, Router } from 'workbox-routing'
import { CacheFirst, NetworkFirst } from 'workbox-strategies'
import { isPublicPage } from '@/shared/public-pages'
import {
  ACCOUNT_CACHE,
  APP_SHELL,
  ASSETS_CACHE,
  CATALOGUE_CACHE,
  CATALOGUE_PATHS,
  IMAGES_CACHE,
  OFFLINE_PAGE,
  OFFLINE_PAGES,
  PAGES_CACHE,
  SESSION_PATH,
  WARM_HEADER,
} from './lib/offline-caches'

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[]
}

const DAY = 24 * 60 * 60

const precache = new PrecacheController()
precache.precache(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// A new version takes over at once: the pages it serves come from the network first and every
// file is named by its content, so an open page never gets a file of the wrong version.
void self.skipWaiting()
clientsClaim()
self.addEventListener('activate', (event) => {
  // The page's request leaves while the worker starts, instead of after (a phone's worker takes
  // tens of milliseconds to start).
  event.waitUntil(self.registration.navigationPreload?.enable() ?? Promise.resolve())
})

const sameOrigin = (url: URL) => url.origin === self.location.origin
/** One copy per page: its query string (a search, a filter) is the browser's business. */
const withoutSearch = ({ request }: { request: Request }) => {
  const url = new URL(request.url)
  url.search = ''
  url.hash = ''
  return Promise.resolve(url.href)
}

const router = new Router()
// Only the precached files' own URLs: `/` is a page like any other (network first, below), never
// the precached index.html, which has no products in it (docs/decisions/0020).
router.registerRoute(new PrecacheRoute(precache, { cleanURLs: false, directoryIndex: '' }))
const keep = (...route: ConstructorParameters<typeof Route>) => router.registerRoute(new Route(...route))

// Pages: network first (their HTML may change with the visitor's country), then the last copy
// of a public page, then the offline page (the catch handler below).
keep(
  ({ request, url }) =>
    sameOrigin(url) && (request.mode === 'navigate' || request.headers.get(WARM_HEADER) === 'page'),
  new NetworkFirst({
    cacheName: PAGES_CACHE,
    networkTimeoutSeconds: 8,
    plugins: [
      {
        cacheKeyWillBeUsed: withoutSearch,
        cacheWillUpdate: async ({ request, response }) =>
          response.status === 200 && isPublicPage(new URL(request.url).pathname) ? response : null,
      },
      // The storefront's pages and the products' own pages visited: 50, so that a browse through
      // a few dozen products does not push / and /products out (the least recently kept first).
      new ExpirationPlugin({ maxEntries: 50 }),
    ],
  }),
)

// The catalogue's public answers: the network if it answers within 4 s, else the last copy. Each
// page of the catalogue (its cursor, category, search) and the cart's read by ids is a copy of
// its own; the first page of /products is in the page's copy (docs/decisions/0045).
keep(
  ({ request, url }) =>
    sameOrigin(url) &&
    request.method === 'GET' &&
    (CATALOGUE_PATHS as readonly string[]).includes(url.pathname),
  new NetworkFirst({
    cacheName: CATALOGUE_CACHE,
    networkTimeoutSeconds: 4,
    plugins: [
      { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) },
      new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 60 * DAY }),
    ],
  }),
)

// The session's answer, so that a signed-in client's pages (the cart) open offline: dropped by a
// 401 (the session is over) and by the page at sign-out (forgetAccount).
keep(
  ({ request, url }) => sameOrigin(url) && request.method === 'GET' && url.pathname === SESSION_PATH,
  new NetworkFirst({
    cacheName: ACCOUNT_CACHE,
    networkTimeoutSeconds: 4,
    plugins: [
      { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) },
      {
        fetchDidSucceed: async ({ request, response }) => {
          if (response.status === 401) await (await caches.open(ACCOUNT_CACHE)).delete(request)
          return response
        },
      },
    ],
  }),
)

// Photos: their URL changes with the image, so a kept copy is always right.
keep(
  ({ request, url }) => sameOrigin(url) && request.method === 'GET' && url.pathname.startsWith('/images/'),
  new CacheFirst({
    cacheName: IMAGES_CACHE,
    plugins: [
      { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) },
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 60 * DAY, purgeOnQuotaError: true }),
    ],
  }),
)

// Built chunks outside the shell (a staff page's, say), kept once used.
keep(
  ({ request, url }) => sameOrigin(url) && request.method === 'GET' && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: ASSETS_CACHE,
    plugins: [
      { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) },
      new ExpirationPlugin({ maxEntries: 100, purgeOnQuotaError: true }),
    ],
  }),
)

// A page neither the network nor the cache has: a page that works offline gets the app itself
// (index.html, drawn by the browser with the code the shell holds: the cart, say, lives on the
// device), any other the offline page (the app could not load its code: /contact, /register).
router.setCatchHandler(async ({ request }) => {
  if (request.mode !== 'navigate') return Response.error()
  const path = new URL(request.url).pathname
  const page =
    ((OFFLINE_PAGES as readonly string[]).includes(path) && (await precache.matchPrecache(APP_SHELL))) ||
    (await precache.matchPrecache(OFFLINE_PAGE))
  return page ?? Response.error()
})

router.addFetchListener()
// The page that installed the worker was loaded before it: it sends what it fetched, which the
// routes above keep as if they had seen it (forgetAccount, src/client/lib/offline-caches.ts).
router.addCacheListener()
