import type { FastifyInstance, FastifyRequest } from 'fastify'
import { publicPagePaths, SITE_NAME } from '@/shared/pages'
import { productPath } from '@/shared/product-links'
import type { Config } from '../config'

/**
 * The web app manifest: what a phone needs to install the shop (docs/decisions/0021). Its
 * colours are the theme's (src/client/styles.css: the brand red, the page's stone-50), its icons
 * the PNGs of src/client/public/icons (scripts/make-icons.ts draws them).
 */
export const webManifest = {
  id: '/',
  name: SITE_NAME,
  short_name: SITE_NAME,
  description:
    'Étal, votre boucherie en ligne : viande fraîche au kilo ou à la pièce, livrée dans votre quartier.',
  lang: 'fr',
  dir: 'ltr',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: '#8f1d2c',
  background_color: '#fafaf9',
  categories: ['food', 'shopping'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
}
const manifestText = JSON.stringify(webManifest)

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * The origin of the shop's absolute URLs: PUBLIC_ORIGIN, else the request's own only when it is
 * this machine (a developer's or a test's localhost). A Host header is the client's to write: a
 * sitemap built from any host would let anyone make the shop advertise their site.
 */
export function publicOrigin(config: Config, req: FastifyRequest): string | null {
  if (config.PUBLIC_ORIGIN) return config.PUBLIC_ORIGIN
  let url: URL
  try {
    url = new URL(`${req.protocol}://${req.host}`)
  } catch {
    return null
  }
  return LOOPBACK.has(url.hostname) ? url.origin : null
}

/**
 * The origin of a link a message carries (the reset e-mail's: docs/rules/people.md#accounts),
 * always absolute, since a mail client has no page to read a relative link against:
 * PUBLIC_ORIGIN; unset, outside production, the request's own (a developer's localhost, or the
 * address a phone on the same network used, HOST allowing); in production, where a Host header
 * is anyone's to write and a reset link sent to it would hand the token over, the request's only
 * when it is this machine, else http://localhost:<PORT> (`npm run doctor` asks for PUBLIC_ORIGIN).
 */
export function messageOrigin(config: Config, req: FastifyRequest): string {
  if (config.PUBLIC_ORIGIN) return config.PUBLIC_ORIGIN
  if (config.NODE_ENV !== 'production') {
    try {
      const url = new URL(`${req.protocol}://${req.host}`)
      if (url.origin !== 'null') return url.origin
    } catch {
      // A Host header no URL can hold: this machine's address below.
    }
  }
  return publicOrigin(config, req) ?? `http://localhost:${config.PORT}`
}

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * The sitemap of the public pages (src/shared/pages.ts) and of every product on sale
 * (docs/rules/catalogue.md#product-page), at `origin`.
 */
export function sitemapXml(origin: string, products: { id: number; name: string }[] = []) {
  const urls = [...publicPagePaths, ...products.map(productPath)].map(
    (path) => `  <url><loc>${xmlEscape(origin + path)}</loc></url>`,
  )
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}

/**
 * /manifest.webmanifest and /sitemap.xml. Served by the server rather than copied from the build,
 * like /robots.txt, so that they exist whether or not the client is built. Without a known origin
 * (see publicOrigin) the sitemap is 404: a sitemap's URLs must be absolute.
 */
export function registerSiteFiles(
  app: FastifyInstance,
  config: Config,
  productPages: () => Promise<{ id: number; name: string }[]> = async () => [],
) {
  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (_req, reply) =>
    reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(manifestText),
  )
  app.get('/sitemap.xml', { schema: { hide: true } }, async (req, reply) => {
    const origin = publicOrigin(config, req)
    if (!origin) {
      return reply
        .status(404)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send('Plan du site indisponible : PUBLIC_ORIGIN n’est pas configuré.')
    }
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemapXml(origin, await productPages()))
  })
}

/**
 * /robots.txt: the storefront is open to search engines; the back-office (/admin, /root), the
 * drivers' pages (/delivery) and the API are not. The `Sitemap:` line names /sitemap.xml at the
 * shop's public origin, and is left out when that origin is unknown (above).
 * Served by the server rather than copied from the build, so that it exists whether or not the
 * client is built.
 */
export const robotsTxt = [
  'User-agent: *',
  'Allow: /',
  'Disallow: /admin',
  'Disallow: /root',
  'Disallow: /delivery',
  'Disallow: /_api',
  '',
].join('\n')

export function registerRobots(app: FastifyInstance, config: Config) {
  app.get('/robots.txt', { schema: { hide: true } }, async (req, reply) => {
    const origin = publicOrigin(config, req)
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(origin ? `${robotsTxt}Sitemap: ${origin}/sitemap.xml\n` : robotsTxt)
  })
}
