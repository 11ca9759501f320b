import type { PagePath } from './pages'
import { pathPattern, productPagePath } from './public-pages'

// Apart from the public pages (src/shared/public-pages.ts), which the service worker bundles:
// it needs none of this.

/**
 * The pages the server draws whole at their own URL, with their data (src/server/web/first-pages.ts):
 * the storefront's two first pages and a product's page. They work before the app's code is in
 * (docs/rules/catalogue.md#before-the-script), so the page's early script lets the browser
 * load them and holds a link to any other page (src/server/web/early-script.ts).
 */
export const firstPagePaths = ['/', '/products'] as const satisfies readonly PagePath[]
export const drawnPagePaths = [...firstPagePaths, productPagePath] as const

/** One pattern for all the drawn pages (`pathPattern`'s, joined): the early script's test of a link. */
export const drawnPagesPattern = new RegExp(drawnPagePaths.map((p) => pathPattern(p).source).join('|'), 'i')
