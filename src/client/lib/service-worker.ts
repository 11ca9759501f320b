import { isPublicPage } from '@/shared/public-pages'
import { ASSETS_CACHE, WARM_HEADER } from './offline-caches'

/**
 * Registers the service worker (src/client/sw.ts) at the whole site's scope once the page has
 * loaded, so that it never competes with the first paint; in the built app only: neither
 * `vite dev` nor Vitest has a /sw.js (docs/decisions/0021).
 */
export function startServiceWorker() {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
  const sw = navigator.serviceWorker
  const register = () => {
    // A page loaded before any worker fetched its HTML and answers without one: once the worker
    // has taken it over, it is handed those URLs to keep, so that this very visit works offline.
    if (!sw.controller) sw.addEventListener('controllerchange', () => handOver(sw), { once: true })
    sw.register('/sw.js', { scope: '/' }).catch(() => undefined)
    // Reading the 40 KB stylesheet is a task of its own, when the page has nothing else to do.
    if ('requestIdleCallback' in window) requestIdleCallback(() => void keepStylesheet())
    else setTimeout(() => void keepStylesheet(), 0)
  }
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}

/**
 * What a page loaded before the worker fetched hands it to keep: the same-origin URLs it fetched,
 * as the browser's cache has them, but not an answer refused (a visitor's session, 401): the
 * worker keeps none, and would only ask for it again. First the page's own HTML when it is a public
 * page, taken from the browser's cache (`force-cache`) rather than downloaded a second time
 * (docs/rules/phones-offline.md#offline).
 */
export function urlsToKeep(
  resources: readonly Pick<PerformanceResourceTiming, 'name' | 'responseStatus'>[],
  loaded: string,
  origin: string,
) {
  const fetched = resources
    .filter((e) => e.name.startsWith(`${origin}/`) && !((e.responseStatus ?? 0) >= 400))
    .map((e) => e.name)
  const page: [string, RequestInit][] = isPublicPage(new URL(loaded).pathname)
    ? [[loaded, { headers: { [WARM_HEADER]: 'page' }, cache: 'force-cache' }]]
    : []
  return [...page, ...fetched]
}

function handOver(sw: ServiceWorkerContainer) {
  // The URL the document was loaded from: the router may have moved since (a sign-in, say).
  const loaded = performance.getEntriesByType('navigation')[0]?.name ?? location.href
  const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
  sw.controller?.postMessage({
    type: 'CACHE_URLS',
    payload: { urlsToCache: urlsToKeep(resources, loaded, location.origin) },
  })
}

/**
 * The stylesheet, which the server inlines in every page (src/server/web/pages.ts), is put
 * in the worker's cache under its own URL from the page's copy, for the app index.html that
 * links it offline: the worker does not precache it, so that it is not downloaded a second time
 * (docs/decisions/0028). Once per version: its URL changes with its content.
 */
async function keepStylesheet() {
  const style = document.querySelector<HTMLStyleElement>('style[data-href]')
  const href = style?.dataset.href
  if (!href || typeof caches === 'undefined') return
  try {
    const cache = await caches.open(ASSETS_CACHE)
    if (await cache.match(href)) return
    const css = (style.textContent ?? '').replace(/<\\\/style/gi, '</style')
    await cache.put(href, new Response(css, { headers: { 'content-type': 'text/css; charset=utf-8' } }))
  } catch {
    // No room, or caches refused (a private window): the offline app is drawn without its style.
  }
}
