import type { PagePath } from './pages'

// Apart from the page table (src/shared/pages.ts), which the service worker does not need: it
// keeps the public pages' copies and would otherwise carry every page's route, title and roles.

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/**
 * '/admin/orders/:orderId' → /^\/admin\/orders\/[^/]+\/?$/i: as React Router matches, letter
 * case aside and with or without a trailing slash.
 */
export const pathPattern = (path: string) =>
  new RegExp(
    `^${path
      .split('/')
      .map((seg) => (seg.startsWith(':') ? '[^/]+' : escapeRe(seg)))
      .join('/')
      .replace(/\/$/, '')}/?$`,
    'i',
  )

/**
 * The pages anyone may open without an account, whose page shows nothing of one: the storefront
 * and the client's sign-in and registration. The sitemap lists them (src/server/web/site-files.ts)
 * and the service worker keeps the last copy of each for offline use (docs/rules/phones-offline.md#offline).
 */
export const publicPagePaths = [
  '/',
  '/products',
  '/contact',
  '/cart',
  '/client/login',
  '/register',
] as const satisfies readonly PagePath[]

/**
 * A product's own page (src/shared/product-links.ts): public too, one per product, which the
 * sitemap lists product by product and the service worker keeps once visited, as it keeps the
 * catalogue (docs/rules/phones-offline.md#offline). Written here rather than imported, so that
 * the worker carries no more of the shared code than this module.
 */
export const productPagePath = '/produits/:product' satisfies PagePath

const publicPatterns = [...publicPagePaths, productPagePath].map(pathPattern)

/** Whether a URL's path (its query string aside) is one of the public pages, a product's included. */
export function isPublicPage(url: string): boolean {
  const end = url.search(/[?#]/)
  const path = end === -1 ? url : url.slice(0, end)
  return publicPatterns.some((p) => p.test(path))
}
