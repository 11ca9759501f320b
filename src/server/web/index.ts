import { existsSync } from 'node:fs'
import { basename, resolve } from 'node:path'
import type { FastifyRateLimitOptions } from '@fastify/rate-limit'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { matchPage } from '@/shared/pages'
import { PRODUCT_PAGE_PATH } from '@/shared/product-links'
import type { AppDeps } from '../http/define-endpoint'
import { logFailure } from '../db/outage'
import { projectRoot as root } from '../paths'
import { registerCartForm } from './cart-form'
import { createCartCount } from './cart-count'
import { createCampaignPages } from './campaign-head'
import { createFirstPages, isFirstPage, loadRenderEntry } from './first-pages'
import { createSpaPages, sendPage, type SpaPage } from './pages'
import { registerPhotoRoute } from './photos'
import { createOgImages } from '../services/catalogue/photos/og-image'
import { createDrawnOgImages } from '../services/catalogue/photos/drawn-og'
import { sitemapProducts } from '../services/catalogue/storefront'
import { registerRobots, registerSiteFiles } from './site-files'

/**
 * How the shop reaches a browser, apart from the API (src/server/http/ is the endpoints' kernel):
 * the pages (pages.ts: every page of src/shared/pages.ts, pre-rendered by the build;
 * first-pages.ts: / and /products rendered at each request with their products, by
 * src/client/ssr/entry.tsx), the built files, the product photos (photos.ts), robots.txt, the
 * sitemap and the web app manifest (site-files.ts). docs/architecture.md "The first paint".
 */

/**
 * Hashed assets are cached for good; the service worker is asked for again at every visit (a new
 * version is taken at the next visit, docs/decisions/0021); the rest for an hour.
 */
const staticCacheControl = (path: string) =>
  path.includes('/assets/')
    ? 'public, max-age=31536000, immutable'
    : basename(path).replace(/\.(br|gz)$/, '') === 'sw.js'
      ? 'no-cache'
      : 'public, max-age=3600'
/**
 * A file that is never a page: a built, content-named file (/assets/…), a product photo
 * (/images/products/…, WebP only), the app's icons and favicon (the project's own images).
 */
export const isFile = (url: string) =>
  url.startsWith('/assets/') ||
  url.startsWith('/images/products/') ||
  url.startsWith('/icons/') ||
  url === '/favicon.svg'
/** A URL no page has: `pageFor` answers it with the site's 404 page. */
const NO_PAGE = '/page-introuvable'

/**
 * Serves the product photos and the built client: hashed assets cached for good, the service worker revalidated at every
 * visit, /robots.txt, the sitemap and the manifest, and for every other GET the SPA's page: 200
 * for a path of one of its pages, 404 for any other (src/shared/pages.ts).
 */
export async function registerWeb(
  app: FastifyInstance,
  deps: AppDeps,
  dist: string,
  limits: FastifyRateLimitOptions,
) {
  const ogImages = createOgImages(deps.database.db, deps.photos, deps.photoQueue)
  const drawnOgImages = createDrawnOgImages(deps.storefrontCache, deps.database.db, deps.photoQueue)
  await registerPhotoRoute(
    app,
    deps.photos,
    limits,
    deps.config.PHOTO_RATE_PER_MINUTE,
    ogImages,
    drawnOgImages,
  )
  await registerCartForm(app, deps, limits)
  registerRobots(app, deps.config)
  registerSiteFiles(
    app,
    deps.config,
    async () => (await sitemapProducts(deps.storefrontCache, deps.database.db)).value.products,
  )
  const hasClient = existsSync(resolve(dist, 'index.html'))
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: dist,
      index: false,
      // Our own Cache-Control below; the plugin's default (max-age=0) would override it.
      cacheControl: false,
      // The ETag alone revalidates /sw.js and the site's files; the hashed ones never are, so
      // they go without one, and no file here is ever asked for in parts: every header a phone
      // is sent with each of a page's chunks costs it (docs/rules/phones-offline.md#phone-first-load).
      lastModified: false,
      acceptRanges: false,
      // The build's Brotli copies (scripts/precompress.mjs), when the browser accepts br.
      preCompressed: true,
      wildcard: false,
      setHeaders(res, path) {
        res.setHeader('cache-control', staticCacheControl(path))
      },
    })
    app.addHook('onSend', async (req, reply) => {
      if (req.url.startsWith('/assets/')) reply.removeHeader('etag')
    })
  }
  const production = deps.config.NODE_ENV === 'production'
  const { pageFor, frame, withHead } = createSpaPages(dist, { production })
  // A campaign's page: its shell with its own head, for a shared link's preview.
  const campaignPage = createCampaignPages(deps, (own) => withHead('/campagnes/:campaignId', own))
  // / and /products with the caller's catalogue in the HTML (docs/decisions/0020).
  const entry = await loadRenderEntry(root, production)
  const rendered = entry && createFirstPages(deps, entry, frame)
  const firstPage = rendered?.firstPage
  const productPage = rendered?.productPage
  // Every page with the cart cookie's count in its header, and its lines where the page has a
  // slot for them, for a browser without script (web/cart-count.ts).
  const withCart = entry
    ? createCartCount(entry.cartLink, deps.database.db)
    : async (_req: unknown, page: SpaPage) => page
  const send = async (req: FastifyRequest, reply: FastifyReply, page: SpaPage) =>
    sendPage(req, reply, await withCart(req, page))
  app.setNotFoundHandler(async (req, reply) => {
    if (req.url.startsWith('/_api')) {
      return reply
        .status(404)
        .header('cache-control', 'no-store')
        .send({ error: 'Ressource introuvable.', code: 'NOT_FOUND' })
    }
    // A file that is not there (an old build's chunk, a mistyped icon) is no page: the app's 404
    // page would be a document sent with a file's headers, without its CSP.
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isFile(req.url)) {
      return reply.status(404).send({ error: 'Ressource introuvable.', code: 'NOT_FOUND' })
    }
    const path = matchPage(req.url)
    if (productPage && path === PRODUCT_PAGE_PATH) {
      // A product's page: rendered with its product, redirected to its current address, or the
      // site's 404 (docs/rules/catalogue.md#product-page).
      try {
        const found = await productPage(req, reply)
        if (found === 'missing') return send(req, reply, pageFor(NO_PAGE))
        // Kept an hour, not for good: a product renamed back would otherwise loop in a browser.
        if ('redirect' in found)
          return reply.header('cache-control', 'public, max-age=3600').redirect(found.redirect, 301)
        return send(req, reply, found.page)
      } catch (err) {
        logFailure(req.log, err, 'product page not rendered; serving its shell')
      }
    }
    if (path === '/campagnes/:campaignId') {
      try {
        const page = await campaignPage(req)
        if (page) return send(req, reply, page)
      } catch (err) {
        logFailure(req.log, err, 'campaign page not framed; serving its shell')
      }
    }
    if (firstPage && isFirstPage(path)) {
      try {
        return send(req, reply, await firstPage(req, reply, path))
      } catch (err) {
        // The database is unreachable, say: the page without its products, as before.
        logFailure(req.log, err, 'first page not rendered; serving its shell')
      }
    }
    return send(req, reply, pageFor(req.url))
  })
}
